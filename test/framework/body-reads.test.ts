import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import { HttpException } from '../../runtime/framework/http-exception.ts';
import { transports } from '../support/transports.ts';

// parseBody() decodes inside the one read of the body stream; text()/bytes() before, after or at the
// same time as it must still see the same bytes, and a failure must reach every reader.
function buildApp(): App {
  const app = new App({ bodyLimit: 64 });
  app.post('/parse-then-text', async (req) => {
    await req.parseBody();
    return { map: req.bodyAsMap, text: await req.text() };
  });
  app.post('/text-then-parse', async (req) => {
    const text = await req.text();
    await req.parseBody();
    return { text, map: req.bodyAsMap };
  });
  app.post('/both-at-once', async (req) => {
    const [text] = await Promise.all([req.text(), req.parseBody()]);
    return { text, map: req.bodyAsMap };
  });
  app.post('/bad-json-then-text', async (req) => {
    const status = await req.parseBody().then(
      () => 200,
      (error: HttpException) => error.statusCode,
    );
    return { status, text: await req.text() };
  });
  app.post('/too-large-then-text', async (req) => {
    const statuses = [];
    for (const read of [() => req.parseBody(), () => req.text()]) {
      statuses.push(
        await read().then(
          () => 200,
          (error: HttpException) => error.statusCode,
        ),
      );
    }
    return { statuses };
  });
  return app;
}

const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

for (const transport of transports) {
  describe(`one read of the body for parseBody() and text() — ${transport.name}`, () => {
    let send: (path: string, init?: RequestInit) => Promise<Response>;
    let stop: () => Promise<void>;
    beforeAll(async () => ({ send, stop } = await transport.start(buildApp())));
    afterAll(() => stop());

    it('text() after parseBody() gives the bytes that were parsed', async () => {
      const r = await send('/parse-then-text', json('{"a":1}'));
      expect(await r.json()).toEqual({ map: { a: 1 }, text: '{"a":1}' });
    });

    it('parseBody() after text() parses the bytes that were read', async () => {
      const r = await send('/text-then-parse', json('{"b":[1,2]}'));
      expect(await r.json()).toEqual({ text: '{"b":[1,2]}', map: { b: [1, 2] } });
    });

    it('text() and parseBody() at the same time both get the body', async () => {
      const r = await send('/both-at-once', json('{"c":"x"}'));
      expect(await r.json()).toEqual({ text: '{"c":"x"}', map: { c: 'x' } });
    });

    it('after a malformed JSON body (400), text() still gives its bytes', async () => {
      const r = await send('/bad-json-then-text', json('{"a":'));
      expect(await r.json()).toEqual({ status: 400, text: '{"a":' });
    });

    it('a body over the limit is a 413 for parseBody() and for text() after it', async () => {
      const r = await send('/too-large-then-text', json(JSON.stringify({ long: 'x'.repeat(100) })));
      expect(await r.json()).toEqual({ statuses: [413, 413] });
    });
  });
}
