import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProgram } from '../support/run-program.ts';
import { runProgram } from '../support/run-program.ts';

describe('the spec example app, run with `npm run serve -- lessons/getting-started/app.ts`', () => {
  let program: RunningProgram;
  beforeAll(async () => {
    program = await runProgram('npm', ['run', '--silent', 'serve', '--', 'lessons/getting-started/app.ts']);
  }, 60_000);
  afterAll(async () => {
    expect(await program.interrupt()).toBe(0);
  });

  const get = (path: string, init?: RequestInit) => fetch(program.origin + path, init);

  it('GET / writes the greeting', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('Hello, world!');
  });

  it('GET /headers writes one name=[values] line per header', async () => {
    const body = await (await get('/headers', { headers: { 'X-Foo': 'bar' } })).text();
    expect(body.split('\n')).toContain('x-foo=[bar]');
    expect(body).toMatch(/^host=\[127\.0\.0\.1:\d+\]$/m);
    expect(body.endsWith('\n')).toBe(true);
  });

  it('POST /greet reads form, JSON and multipart bodies', async () => {
    const form = new FormData();
    form.set('name', 'Bob');
    const bodies: RequestInit[] = [
      { body: 'name=Bob', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: '{"name":"Bob"}', headers: { 'content-type': 'application/json' } },
      { body: form },
    ];
    for (const init of bodies) {
      const r = await get('/greet', { method: 'POST', ...init });
      expect([r.status, await r.text()]).toEqual([200, 'Hello, Bob!']);
    }
  });

  it('POST /greet without a name is a 400 with the custom text', async () => {
    for (const init of [{}, { body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }] as RequestInit[]) {
      const r = await get('/greet', { method: 'POST', ...init });
      expect(r.status).toBe(400);
      expect(await r.text()).toBe('Oops! You forgot to include your name.');
    }
  });

  it('other errors go to the previous (default) handler', async () => {
    const r = await get('/greet', { method: 'POST', body: 'x', headers: { 'content-type': 'text/csv', accept: 'application/json' } });
    expect(r.status).toBe(415);
    expect((await r.json()).is_error).toBe(true);
  });

  it('an unknown path is a 404 with an empty body', async () => {
    const r = await get('/nope');
    expect([r.status, await r.text()]).toEqual([404, '']);
  });
});
