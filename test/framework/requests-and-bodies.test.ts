import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { transports } from '../support/transports.ts';

function buildApp(): App {
  const app = new App({ bodyLimit: 64 * 1024 });
  app.get('/echo', (req) => ({ method: req.method, path: req.path, query: req.query, foo: req.headers['x-foo'] }));
  app.post('/echo/:id', (req) => ({ id: req.params.id, query: req.query }));
  app.post('/body', async (req) => {
    await req.parseBody();
    await req.parseBody(); // idempotent
    const map = req.bodyAsMap;
    return { name: map.name, missing: map.missing, keys: Object.keys(map) };
  });
  app.post('/list', async (req) => {
    await req.parseBody();
    return { list: req.bodyAsList, object: req.bodyAsObject };
  });
  app.post('/map-of-list', async (req) => {
    await req.parseBody();
    return req.bodyAsMap;
  });
  app.post('/upload', async (req) => {
    await req.parseBody();
    const files = await Promise.all(
      req.uploadedFiles.map(async (f) => ({
        name: f.name,
        filename: f.filename,
        contentType: f.contentType,
        size: f.size,
        text: await f.text(),
      })),
    );
    return { fields: { ...req.bodyAsMap }, files };
  });
  app.post('/unparsed', (req) => req.bodyAsMap);
  app.post('/raw', async (req) => ({ text: await req.text() }));
  return app;
}

for (const transport of transports) {
  describe(`requests and bodies — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => ({ send, stop } = await transport.start(buildApp())));
    afterAll(() => stop());

    const post = (path: string, body: BodyInit, contentType?: string) =>
      send(path, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });

    it('exposes method, path, a flat decoded query and lower-case headers as lists', async () => {
      const r = await send('/echo?a=1&b=x+y&c=%C3%A9&a=2', { headers: { 'X-Foo': 'bar' } });
      expect(await r.json()).toEqual({ method: 'GET', path: '/echo', query: { a: '2', b: 'x y', c: 'é' }, foo: ['bar'] });
    });

    it('exposes route params', async () => {
      expect(await (await send('/echo/42?x=1', { method: 'POST' })).json()).toEqual({ id: '42', query: { x: '1' } });
    });

    it('reads JSON, form and multipart bodies the same way; a missing key is null', async () => {
      const form = new FormData();
      form.set('name', 'Bob');
      const bodies: [BodyInit, string | undefined][] = [
        ['{"name":"Bob"}', 'application/json'],
        ['name=Bob', 'application/x-www-form-urlencoded'],
        [form, undefined],
      ];
      for (const [body, type] of bodies) {
        expect(await (await post('/body', body, type)).json()).toEqual({ name: 'Bob', missing: null, keys: ['name'] });
      }
    });

    it('an empty form body parses to an empty map', async () => {
      expect(await (await post('/body', '', 'application/x-www-form-urlencoded')).json()).toEqual({ name: null, missing: null, keys: [] });
    });

    it('no content type and no body parses to an empty map', async () => {
      expect(await (await send('/body', { method: 'POST' })).json()).toEqual({ name: null, missing: null, keys: [] });
    });

    it('a JSON list is bodyAsList and bodyAsObject', async () => {
      expect(await (await post('/list', '[1,"two"]', 'application/json')).json()).toEqual({ list: [1, 'two'], object: [1, 'two'] });
    });

    it('bodyAsMap on a JSON list is a 400 that says so', async () => {
      const r = await post('/map-of-list', '[1]', 'application/json');
      expect(r.status).toBe(400);
      expect((await r.json()).message).toBe('Expected the request body to be an object, but it is a list.');
    });

    it('multipart files arrive in uploadedFiles with name, filename, type, size and content', async () => {
      const form = new FormData();
      form.set('title', 'notes');
      form.set('doc', new Blob(['hello file'], { type: 'text/plain' }), 'a.txt');
      const body = await (await post('/upload', form)).json();
      expect(body).toEqual({
        fields: { title: 'notes' },
        files: [{ name: 'doc', filename: 'a.txt', contentType: 'text/plain', size: 10, text: 'hello file' }],
      });
    });

    it('reading the body before parseBody() is a 500 that says to call parseBody()', async () => {
      const r = await post('/unparsed', '{}', 'application/json');
      expect(r.status).toBe(500);
      expect((await r.json()).message).toMatch(/has not been parsed yet.*parseBody\(\)/);
    });

    it('other content types can be read raw with req.text()', async () => {
      expect(await (await post('/raw', '<a/>', 'text/xml')).json()).toEqual({ text: '<a/>' });
    });
  });
}
