import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/app.ts';
import type { ServedApp } from '../support/serve-app.ts';
import { rawRequest, serveApp } from '../support/serve-app.ts';

const LIMIT = 16 * 1024;

describe('bad input over a real socket: a clear 4xx, and the server keeps serving', () => {
  let served: ServedApp;
  beforeAll(async () => {
    const app = new App({ bodyLimit: LIMIT });
    app.get('/ok', (req, res) => res.write('ok'));
    app.get('/q', (req) => req.query);
    app.get('/p/:name', (req) => req.params);
    app.post('/body', async (req) => {
      await req.parseBody();
      return { ...req.bodyAsMap };
    });
    served = await serveApp(app);
  });
  afterAll(() => served.close());

  async function stillServing(): Promise<void> {
    const r = await rawRequest(served.uri, { path: '/ok' });
    expect([r.status, r.body]).toEqual([200, 'ok']);
  }

  async function expectError(request: Parameters<typeof rawRequest>[1], status: number, message: RegExp): Promise<void> {
    const r = await rawRequest(served.uri, request);
    expect(r.status).toBe(status);
    expect(JSON.parse(r.body).message).toMatch(message);
    await stillServing();
  }

  it('malformed JSON → 400 saying what was wrong', async () => {
    await expectError(
      { method: 'POST', path: '/body', headers: { 'content-type': 'application/json' }, body: '{"name": ' },
      400,
      /^Malformed JSON body: /,
    );
  });

  it('an empty or blank JSON body → 400 saying it is empty', async () => {
    for (const body of ['', ' \r\n\t ', '\u00a0']) {
      await expectError({ method: 'POST', path: '/body', headers: { 'content-type': 'application/json' }, body }, 400, /the body is empty/);
    }
  });

  it('a truncated multipart body → 400', async () => {
    const body = '--XyZ\r\ncontent-disposition: form-data; name="name"\r\n\r\nBob\r\n--XyZ\r\ncontent-disposition: form-da';
    await expectError(
      { method: 'POST', path: '/body', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body },
      400,
      /^Malformed multipart body: /,
    );
  });

  it('a multipart content type without a boundary → 400', async () => {
    await expectError(
      { method: 'POST', path: '/body', headers: { 'content-type': 'multipart/form-data' }, body: 'name=Bob' },
      400,
      /no boundary/,
    );
  });

  it('bad percent-encoding in the path → 400', async () => {
    await expectError({ path: '/p/%E0%A4%A' }, 400, /Malformed percent-encoding in path segment/);
  });

  it('bad percent-encoding in the query → 400', async () => {
    await expectError({ path: '/q?a=%zz' }, 400, /Malformed percent-encoding in query string/);
  });

  it('an unsupported content type where a body is required → 415', async () => {
    await expectError(
      { method: 'POST', path: '/body', headers: { 'content-type': 'text/csv' }, body: 'a,b' },
      415,
      /Unsupported content type "text\/csv"/,
    );
  });

  it('a body but no content type → 415', async () => {
    await expectError({ method: 'POST', path: '/body', body: 'name=Bob' }, 415, /no content-type header/);
  });

  it('a declared oversize body → 413 before reading it', async () => {
    const body = Buffer.alloc(LIMIT + 1, 'a');
    await expectError(
      { method: 'POST', path: '/body', headers: { 'content-type': 'application/json' }, body },
      413,
      /larger than the limit of 16384 bytes/,
    );
  });

  it('an oversize chunked body → 413 and the connection closes instead of reading the rest', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(served.uri);
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write('POST /body HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
      const chunk = 'a'.repeat(4096);
      // Far more than the limit; the server must answer and close without waiting for the end.
      for (let i = 0; i < 16; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      setTimeout(() => socket.destroy(), 5000).unref();
    });
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    await stillServing();
  });

  it('a multipart body over the limit → 413', async () => {
    const big = 'x'.repeat(LIMIT + 100);
    const body = `--B\r\ncontent-disposition: form-data; name="f"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\n${big}\r\n--B--\r\n`;
    await expectError(
      {
        method: 'POST',
        path: '/body',
        headers: { 'content-type': 'multipart/form-data; boundary=B', 'transfer-encoding': 'chunked' },
        body,
      },
      413,
      /larger than the limit/,
    );
  });

  it('HEAD gets no body', async () => {
    const app = new App();
    app.head('/h', (req, res) => res.write('body'));
    const s = await serveApp(app);
    const r = await rawRequest(s.uri, { method: 'HEAD', path: '/h' });
    await s.close();
    expect(r.status).toBe(200);
    expect(r.body).toBe('');
  });
});
