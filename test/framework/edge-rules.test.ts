import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { rawRequest, serveApp } from '../support/serve-app.ts';
import type { ServedApp } from '../support/serve-app.ts';
import { transports } from '../support/transports.ts';

/** DESIGN.md "Edge rules (decided)": each rule through both hosts. */
function buildApp(): App {
  const app = new App();
  app.get('/plain', (req) => {
    req.params.added = 'by handler';
    return { params: req.params };
  });
  app.get('/e/:id/z', (req) => ({ id: req.params.id }));
  app.get('/x/*', (req) => ({ path: req.path }));
  app.get('/x', () => ({ exact: true }));
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD', 'OPTIONS']) {
    app.addRoute(method, '/method', (req, res) => {
      res.headers['x-method'] = req.method;
      res.write(req.method);
    });
  }
  app.post('/parse', async (req) => {
    await req.parseBody();
    return req.bodyAsMap;
  });
  app.get('/status/:code', (req, res) => {
    res.statusCode = Number(req.params.code);
    res.headers['content-length'] = '12';
    res.write('not allowed');
  });
  app.get('/status-json/:code', (req, res) => {
    res.statusCode = Number(req.params.code);
    return { dropped: true };
  });
  app.get('/q', (req) => req.query);
  return app;
}

for (const transport of transports) {
  describe(`edge rules — ${transport.name}`, () => {
    let app: App;
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => ({ send, stop } = await transport.start((app = buildApp()))));
    afterAll(() => stop());

    it('req.params is a fresh, writable object on a route without params', async () => {
      for (let i = 0; i < 2; i++) {
        const r = await send('/plain');
        expect(r.status).toBe(200);
        expect(await r.json()).toEqual({ params: { added: 'by handler' } });
      }
    });

    it('params written by an errorHandler during a 400 never reach the next request', async () => {
      const previous = app.errorHandler;
      app.errorHandler = (e, req, res) => {
        req.params.leaked = 'yes';
        return previous(e, req, res);
      };
      try {
        expect((await send('/e/%E0%A4%A/z')).status).toBe(400);
        expect(await (await send('/plain')).json()).toEqual({ params: { added: 'by handler' } });
        expect(await (await send('/e/1/z')).json()).toEqual({ id: '1' });
      } finally {
        app.errorHandler = previous;
      }
    });

    it('a :param never matches an empty segment', async () => {
      expect(await (await send('/e/7/z')).json()).toEqual({ id: '7' });
      expect((await send('/e//z')).status).toBe(404);
    });

    it('/x/* matches /x/a and /x/a/b, not /x', async () => {
      expect(await (await send('/x/a')).json()).toEqual({ path: '/x/a' });
      expect(await (await send('/x/a/b')).json()).toEqual({ path: '/x/a/b' });
      expect(await (await send('/x')).json()).toEqual({ exact: true });
      expect(await (await send('/x/')).json()).toEqual({ exact: true });
    });

    it('a POST with X-HTTP-Method-Override PATCH, PUT or DELETE runs as that method', async () => {
      for (const method of ['PATCH', 'PUT', 'DELETE', 'patch']) {
        const r = await send('/method', { method: 'POST', headers: { 'x-http-method-override': method } });
        expect(await r.text()).toBe(method.toUpperCase());
      }
    });

    it('no other method is ever overridden', async () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS', 'CONNECT', 'TRACE', 'POST', 'BREW']) {
        const r = await send('/method', { method: 'POST', headers: { 'x-http-method-override': method } });
        expect(await r.text()).toBe('POST');
      }
      for (const [method, override] of [
        ['GET', 'DELETE'],
        ['PUT', 'DELETE'],
        ['DELETE', 'PATCH'],
      ]) {
        const r = await send('/method', { method, headers: { 'x-http-method-override': override } });
        expect(await r.text()).toBe(method);
      }
    });

    it('a body with no or an unsupported content type is a 415 naming the supported types', async () => {
      const bodies: [BodyInit, Record<string, string>][] = [
        [new Uint8Array([1, 2, 3]), {}],
        ['<a/>', { 'content-type': 'application/xml' }],
        ['plain', { 'content-type': 'text/plain' }],
      ];
      for (const [body, headers] of bodies) {
        const r = await send('/parse', { method: 'POST', body, headers });
        expect(r.status).toBe(415);
        const { message } = await r.json();
        expect(message).toContain('application/json, application/x-www-form-urlencoded and multipart/form-data');
      }
    });

    it('204 and 304 carry no body and no Content-Length, whatever the handler wrote', async () => {
      for (const code of [204, 304]) {
        for (const path of [`/status/${code}`, `/status-json/${code}`]) {
          const r = await send(path);
          expect(r.status).toBe(code);
          expect(r.headers.get('content-length')).toBeNull();
          expect(await r.text()).toBe('');
        }
      }
      expect((await send('/status/200')).status).toBe(200);
    });

    it('a status outside 200–599 is a 500, and the server keeps serving', async () => {
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect((await send('/status/1000')).status).toBe(500);
      } finally {
        quiet.mockRestore();
      }
      expect((await send('/e/1/z')).status).toBe(200);
    });

    it('invalid percent-encoding in the path or the query is a clear 400', async () => {
      for (const path of ['/e/%E0%A4%A/z', '/e/%zz/z', '/q?a=%E0%A4%A', '/q?%zz=1']) {
        const r = await send(path);
        expect(r.status).toBe(400);
        expect((await r.json()).message).toMatch(/Malformed percent-encoding in (path segment|query string)/);
      }
    });

    it('a NUL byte (%00) in the path is a clear 400', async () => {
      const r = await send('/e/a%00b/z');
      expect(r.status).toBe(400);
      expect((await r.json()).message).toBe('A request path must not contain a NUL byte (%00).');
    });
  });
}

describe('dot segments', () => {
  let served: ServedApp;
  beforeAll(async () => (served = await serveApp(buildApp())));
  afterAll(() => served.close());

  it('over a real socket, `.`, `..` and `%2e%2e` segments are a clear 400', async () => {
    for (const path of ['/e/../z', '/e/%2e%2e/z', '/e/%2E%2e/z', '/e/./z', '/x/a/..', '/e/%2e/z']) {
      const r = await rawRequest(served.uri, { path });
      expect(r.status, path).toBe(400);
      expect(JSON.parse(r.body).message).toMatch(/^The path segment "\.\.?" is not allowed in a request path\.$/);
    }
    expect((await rawRequest(served.uri, { path: '/e/a..b/z' })).status).toBe(200);
  });

  it('through app.fetch, the URL parser resolves them before the app sees the path (never a 500)', async () => {
    const app = buildApp();
    const r = await app.fetch(new Request('http://localhost:3000/x/a/%2e%2e/b'));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ path: '/x/b' });
    expect((await app.fetch(new Request('http://localhost:3000/e/a..b/z'))).status).toBe(200);
  });
});
