import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { HttpException } from '../../runtime/framework/http-exception.ts';
import { transports } from '../support/transports.ts';

const HTML = { accept: 'text/html' };
const INTERNAL = '500 Internal Server Error';

/** Values a learner's handler may throw, each with the message its 500 must carry. */
const THROWN: [string, () => unknown, string][] = [
  ['a string', () => 'disk is full', 'disk is full'],
  ['an empty string', () => '', INTERNAL],
  ['null', () => null, INTERNAL],
  ['undefined', () => undefined, INTERNAL],
  ['a number', () => 42, '42'],
  ['a plain object', () => ({ code: 7 }), INTERNAL],
  ['an object with a message', () => ({ message: 'quota exceeded' }), 'quota exceeded'],
  ['an object without a prototype', () => Object.create(null), INTERNAL],
  ['an object whose toString is not a function', () => ({ toString: 1 }), INTERNAL],
  ['a proxy whose every trap throws', () => new Proxy({}, { get: boom, getPrototypeOf: boom }), INTERNAL],
];

function boom(): never {
  throw new Error('trap');
}

describe('HttpException.from', () => {
  it.each(THROWN)('never throws for %s and gives a 500 with a sensible message', (_, value, message) => {
    const thrown = value();
    const e = HttpException.from(thrown);
    expect(e.statusCode).toBe(500);
    expect(e.message).toBe(message);
    expect(e.cause).toBe(thrown);
  });

  it('keeps an Error message and passes an HttpException through', () => {
    expect(HttpException.from(new RangeError('too big')).message).toBe('too big');
    const e = HttpException.conflict();
    expect(HttpException.from(e)).toBe(e);
  });

  it('the constructor takes any message and errors value without throwing', () => {
    const e = new HttpException({ message: Object.create(null), errors: 'oops' as unknown as string[] });
    expect(e.message).toBe(INTERNAL);
    expect(e.errors).toEqual([]);
  });
});

function buildApp(): App {
  const app = new App();
  THROWN.forEach(([, value], i) => {
    app.get(`/sync/${i}`, () => {
      throw value();
    });
    app.get(`/later/${i}`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw value();
    });
    app.get(`/rejected/${i}`, () => Promise.reject(value()));
  });
  app.post('/spread-body', async (req) => {
    await req.parseBody();
    throw { ...req.bodyAsMap };
  });
  app.get('/number-errors', () => {
    throw HttpException.badRequest({ message: 'Bad <input>', errors: [42, null, '<b>x</b>'] as unknown as string[] });
  });
  app.get('/mutated', () => {
    const e = HttpException.notFound();
    (e as { message: unknown }).message = Object.create(null);
    (e as { errors: unknown }).errors = [{ toString: 1 }, Symbol('s')];
    throw e;
  });
  app.get('/unserialisable', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const e = HttpException.badRequest({ errors: [10n, cycle, 'plain', { message: 'field x' }] as unknown as string[] });
    (e as { message: unknown }).message = 7n;
    throw e;
  });
  return app;
}

for (const transport of transports) {
  describe(`thrown values — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      ({ send, stop } = await transport.start(buildApp()));
    });
    afterAll(async () => {
      await stop();
      vi.restoreAllMocks();
    });

    it.each(THROWN.map(([name, , message], i) => [name, i, message] as const))(
      'a handler throwing %s (sync, later, rejected) gets a 500 JSON error page',
      async (_, i, message) => {
        for (const mode of ['sync', 'later', 'rejected']) {
          const r = await send(`/${mode}/${i}`);
          expect(r.status).toBe(500);
          expect(await r.json()).toEqual({ is_error: true, status_code: 500, message, errors: [] });
        }
      },
    );

    it('a console that throws while printing the thrown value does not change the 500', async () => {
      vi.mocked(console.error).mockImplementationOnce(() => {
        throw new TypeError('cannot print this');
      });
      const r = await send('/later/9');
      expect(r.status).toBe(500);
      expect((await r.json()).message).toBe(INTERNAL);
      expect(vi.mocked(console.error)).toHaveBeenLastCalledWith('[halo] GET /later/9 failed with 500:', INTERNAL);
    });

    it('a thrown value gets the HTML error page when the client prefers HTML', async () => {
      for (const i of THROWN.keys()) {
        const r = await send(`/later/${i}`, { headers: HTML });
        expect(r.status).toBe(500);
        expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await r.text()).toContain(`<h1>${THROWN[i][2]}</h1>`);
      }
    });

    it('throwing a spread body whose toString is not a function is a 500, not a crash', async () => {
      const r = await send('/spread-body', { method: 'POST', body: '{"toString":1}', headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(500);
      expect((await r.json()).message).toBe(INTERNAL);
    });

    it('errors that are not strings still render the escaped HTML page', async () => {
      const r = await send('/number-errors', { headers: HTML });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await r.text();
      expect(html).toContain('<h1>Bad &lt;input&gt;</h1>');
      expect(html).toContain('<li>42</li><li></li><li>&lt;b&gt;x&lt;/b&gt;</li>');
    });

    it('errors JSON cannot hold (a BigInt, a cycle) are sent as their text in the JSON error page', async () => {
      const r = await send('/unserialisable');
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ is_error: true, status_code: 400, message: '7', errors: ['10', '', 'plain', 'field x'] });
    });

    it('a message and errors replaced by unprintable values still render the HTML page', async () => {
      const r = await send('/mutated', { headers: HTML });
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await r.text()).toContain('<h1></h1><ul><li></li><li>Symbol(s)</li></ul>');
    });
  });
}
