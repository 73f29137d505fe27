import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { HttpException } from '../../runtime/framework/http-exception.ts';
import { acceptsHtml } from '../../runtime/framework/errors/accepts-html.ts';
import { transports } from '../support/transports.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';

function buildApp(): App {
  const app = new App();
  app.get('/bad', () => {
    throw HttpException.badRequest({ message: 'Bad <b>input</b> & "quotes"', errors: ['<script>alert(1)</script>'] });
  });
  app.get('/crash', () => {
    throw new TypeError('cannot read x of undefined');
  });
  app.get('/async-crash', async () => {
    await Promise.resolve();
    throw new Error('async failure');
  });
  app.get('/partial', (req, res) => {
    res.write('half-written');
    throw HttpException.conflict();
  });
  app.get('/after-close', (req, res) => {
    res.write('sent');
    res.close();
    throw new Error('too late');
  });
  return app;
}

describe('acceptsHtml', () => {
  it.each([
    [undefined, false],
    ['*/*', false],
    ['application/json', false],
    ['text/plain', false],
    ['text/html', true],
    [BROWSER_ACCEPT, true],
    ['application/json, text/html;q=0.5', false],
    ['text/html;q=0', false],
  ])('%s → %s', (accept, expected) => {
    expect(acceptsHtml(accept)).toBe(expected);
  });
});

for (const transport of transports) {
  describe(`errors — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    beforeAll(async () => ({ send, stop } = await transport.start(buildApp())));
    afterAll(async () => {
      await stop();
      quiet.mockRestore();
    });

    it('an HttpException is sent as JSON with its status by default', async () => {
      const r = await send('/bad', { headers: { accept: 'application/json' } });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(await r.text()).toBe(
        '{"is_error":true,"status_code":400,"message":"Bad <b>input</b> & \\"quotes\\"","errors":["<script>alert(1)</script>"]}',
      );
    });

    it('*/* and a missing Accept get JSON too', async () => {
      expect((await send('/bad', { headers: { accept: '*/*' } })).headers.get('content-type')).toBe('application/json');
    });

    it('a browser gets an HTML page with everything escaped', async () => {
      const r = await send('/bad', { headers: { accept: BROWSER_ACCEPT } });
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await r.text();
      expect(html).toContain('<h1>Bad &lt;b&gt;input&lt;/b&gt; &amp; &quot;quotes&quot;</h1>');
      expect(html).toContain('<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>');
      expect(html).not.toContain('<script>');
    });

    it('any other error becomes a 500 with its message, and the server keeps serving', async () => {
      for (const path of ['/crash', '/async-crash']) {
        const r = await send(path);
        expect(r.status).toBe(500);
        expect((await r.json()).message).toMatch(/cannot read x of undefined|async failure/);
      }
      expect((await send('/bad')).status).toBe(400);
    });

    it('an error page replaces what the handler had written', async () => {
      const r = await send('/partial');
      expect(r.status).toBe(409);
      expect(await r.json()).toEqual({ is_error: true, status_code: 409, message: '409 Conflict', errors: [] });
    });

    it('an error after the response was closed leaves the response as it was', async () => {
      const r = await send('/after-close');
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('sent');
    });
  });
}

describe('a replaced errorHandler', () => {
  it('handles some errors itself and delegates the rest to the previous handler', async () => {
    const app = buildApp();
    const previous = app.errorHandler;
    app.errorHandler = (e, req, res) => {
      if (e.statusCode === 400) res.write('Handled 400 myself.');
      else return previous(e, req, res);
    };
    const mine = await app.fetch(new Request('http://x/bad'));
    expect(mine.status).toBe(400);
    expect(await mine.text()).toBe('Handled 400 myself.');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const delegated = await app.fetch(new Request('http://x/crash'));
    quiet.mockRestore();
    expect(delegated.status).toBe(500);
    expect((await delegated.json()).is_error).toBe(true);
  });

  it('its return value is sent like a handler result', async () => {
    const app = buildApp();
    app.errorHandler = (e) => ({ oops: e.statusCode });
    const r = await app.fetch(new Request('http://x/bad'));
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ oops: 400 });
  });

  it('when it throws, the client gets a plain 500 and the app keeps serving', async () => {
    const app = buildApp();
    app.errorHandler = () => {
      throw new Error('handler bug');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await app.fetch(new Request('http://x/bad'));
    quiet.mockRestore();
    expect(r.status).toBe(500);
    expect(await r.text()).toBe('500 Internal Server Error');
  });
});
