/**
 * A WebSocket call's data is the body of the call, read as REST reads the same JSON body: the provider hands
 * the data it decoded with the message to the call when parsing it again could not differ, and takes the full
 * path otherwise. Over real sockets and real HTTP, every case below gets the same answer both ways: keys that
 * could reach a prototype dropped, nesting past maxBodyDepth a 400, data past bodyLimit a 413, escapes, and results
 * that are not plain JSON (dates, toJSON, a custom text reply). The body limit applies to the data as the call
 * encodes it, as it always did (numbers such as `1e20` grow when re-encoded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonymousService, App, websocket } from '../../runtime/node/index.ts';
import { rawRequest, serveApp } from '../support/serve-app.ts';
import type { ServedApp } from '../support/serve-app.ts';
import { openSocket } from '../support/socket-client.ts';
import type { SocketClient } from '../support/socket-client.ts';

const BODY_LIMIT = 2048;
const MAX_DEPTH = 4;

const app = new App({ bodyLimit: BODY_LIMIT, maxBodyDepth: MAX_DEPTH });
// Echoes what the service received, with its own keys listed (a dropped key must not be there).
app.use('/echo', new AnonymousService({ create: async (data) => ({ data, keys: Object.keys(data) }) }));
app.use('/dated', new AnonymousService({ create: async () => ({ at: new Date(0), money: { toJSON: () => '1.00 EUR' } }) }));
app.post('/texted', (_req, res) => void res.write('plain words'));
app.use('/texted', new AnonymousService({ create: async (data) => data }));
websocket(app);

let served: ServedApp;
let client: SocketClient;
beforeAll(async () => {
  served = await serveApp(app);
  client = await openSocket(`${served.uri}/ws`);
});
afterAll(async () => {
  client?.close();
  await served?.close();
});

/** What REST answers for a POST of `json` to `path`: the result, or the error's status and message. */
async function overRest(path: string, json: string): Promise<unknown> {
  const response = await rawRequest(served.uri, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: json });
  const body = (() => {
    try {
      return JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      return response.body;
    }
  })();
  if (response.status >= 400)
    return { error: (body as Record<string, unknown>).status_code, message: (body as Record<string, unknown>).message };
  return { result: body };
}

/** What the WebSocket call answers for `data` written as the JSON text `json`, inside the message. */
async function overSocket(service: string, json: string): Promise<unknown> {
  const id = Math.floor(Math.random() * 1e9);
  client.send(`{"id":${id},"call":"${service}.create","data":${json}}`);
  const reply = await client.next((m) => m.id === id);
  if (reply.error) {
    const error = reply.error as Record<string, unknown>;
    return { error: error.status_code, message: error.message };
  }
  return { result: reply.result };
}

const nested = (depth: number): string => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

describe('a WebSocket call’s data, read as REST reads the same body', () => {
  it.each([
    ['plain data', '{"text":"hi","n":[1,2.5,-0,true,null]}'],
    ['a __proto__ key (dropped)', '{"__proto__":{"admin":true},"text":"x"}'],
    ['a constructor key, nested (dropped)', '{"inner":{"constructor":{"prototype":{"admin":true}}},"text":"x"}'],
    ['a key spelled with \\u escapes (dropped)', '{"\\u005f_proto__":{"admin":true},"ok":1}'],
    ['escapes and non-ASCII', '{"text":"line\\nbreak \\"quoted\\" é ✓ 𝄞"}'],
    [`nesting of exactly ${MAX_DEPTH}`, nested(MAX_DEPTH)],
    [`nesting past ${MAX_DEPTH} (400)`, nested(MAX_DEPTH + 1)],
    ['data under the body limit', `{"text":"${'x'.repeat(BODY_LIMIT - 20)}"}`],
    ['data over the body limit (413)', `{"text":"${'x'.repeat(BODY_LIMIT)}"}`],
    ['a list, not a map (400)', '[1,2]'],
  ])('%s', async (_, json) => {
    expect(await overSocket('echo', json)).toEqual(await overRest('/echo', json));
  });

  it('the body limit applies to the data as the call re-encodes it: numbers that grow (1e20 → 21 digits) can pass it', async () => {
    // 100 × `1e20` is ~0.5 KiB as sent and ~2.2 KiB re-encoded: REST reads the text as sent, the call its encoding.
    const json = `{"n":[${Array(100).fill('1e20').join(',')}]}`;
    expect(await overRest('/echo', json)).toMatchObject({ result: { keys: ['n'] } });
    expect(await overSocket('echo', json)).toEqual({
      error: 413,
      message: `The request body is larger than the limit of ${BODY_LIMIT} bytes.`,
    });
  });

  it('results that are not plain JSON (dates, toJSON) and a route’s own text reply', async () => {
    expect(await overSocket('dated', '{}')).toEqual(await overRest('/dated', '{}'));
    expect(await overSocket('dated', '{}')).toEqual({ result: { at: '1970-01-01T00:00:00.000Z', money: '1.00 EUR' } });
    expect(await overSocket('texted', '{}')).toEqual({ result: 'plain words' });
  });
});
