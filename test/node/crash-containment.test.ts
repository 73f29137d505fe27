import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningProgram } from '../support/run-program.ts';
import { openRaw } from '../support/raw-socket.ts';
import { rawRequest } from '../support/serve-app.ts';
import { runHostileApp } from './fixtures/run-hostile-app.ts';

// The server runs in a child process: a crash ends it, and the next request (and afterEach) fails.
describe('errors that escape app code never take the Node server down', () => {
  let program: RunningProgram | undefined;
  // A fresh server after a crash, so that each failure is charged to the test that caused it.
  beforeEach(async () => {
    const alive = await rawRequest(program?.origin ?? 'http://127.0.0.1:1', { path: '/ok' }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (alive) return;
    await program?.interrupt('SIGKILL');
    program = await runHostileApp();
  });
  afterAll(() => program?.interrupt('SIGKILL'));
  afterEach(async () => {
    expect(program!.child.exitCode, program!.output()).toBeNull();
    const r = await rawRequest(program!.origin, { path: '/ok' });
    expect([r.status, r.body]).toEqual([200, 'ok']);
  });

  const get = (path: string) => rawRequest(program!.origin, { path });
  const message = (body: string): string => JSON.parse(body).message;

  it('a multipart body cut off inside a file part → 400, not a crash', async () => {
    const body = '--B\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nab';
    const r = await rawRequest(program!.origin, {
      method: 'POST',
      path: '/todos',
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
      body,
    });
    expect(r.status).toBe(400);
    expect(message(r.body)).toBe('Malformed multipart body: Unexpected end of form');
    const files = await rawRequest(program!.origin, {
      method: 'POST',
      path: '/body',
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
      body,
    });
    expect(files.status).toBe(400);
  });

  it('an unawaited rejected promise in a handler is logged as a [halo] 500-class error', async () => {
    const r = await get('/leak/rejection');
    expect([r.status, r.body]).toEqual([200, 'answered']);
    await program!.waitForOutput('[halo] 500-class error: a promise rejected and nothing handled it');
    expect(program!.output()).toContain('an unawaited rejection');
  });

  it('a timer callback that throws is logged as a [halo] 500-class error', async () => {
    const r = await get('/leak/timer');
    expect([r.status, r.body]).toEqual([200, 'answered']);
    await program!.waitForOutput('[halo] 500-class error: an exception escaped the app code');
    expect(program!.output()).toContain('thrown from a timer');
  });

  it.each([
    ['string', 500],
    ['null', 500],
    ['undefined', 500],
    ['object', 500],
    ['nullproto', 500],
    ['http', 409],
  ])('a handler throwing %s → %i (synchronously and after an await)', async (kind, status) => {
    for (const path of [`/throw/${kind}`, `/reject-later/${kind}`]) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(r.headers['content-type'], path).toMatch(/^application\/json/);
    }
  });

  it.each(['/circular', '/broken-error-handler/throws', '/broken-error-handler/rejects'])(
    '%s (a value JSON cannot serialise, an error handler that fails) → 500',
    async (path) => {
      expect((await get(path)).status).toBe(500);
    },
  );

  it('a handler copying CR/LF into a header → 500 naming the header; the response is never split', async () => {
    const connection = await openRaw(program!.origin);
    connection.socket.end('GET /echo-header?v=x%0d%0aset-cookie:%20evil=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const reply = await connection.closed;
    expect(reply).toMatch(/^HTTP\/1\.1 500 /);
    expect(reply.match(/HTTP\/1\.1/g)).toHaveLength(1);
    expect(reply.toLowerCase()).not.toContain('set-cookie');
    expect(message(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toContain('Invalid character in header content ["x-echo"]');
  });

  it('an invalid status code set by a handler → 500 saying so', async () => {
    const r = await get('/status/99999');
    expect(r.status).toBe(500);
    expect(message(r.body)).toContain('Invalid status code: 99999');
  });

  it('204 and 304 carry no body and no Content-Length', async () => {
    for (const code of [204, 304]) {
      const r = await get(`/status/${code}`);
      expect(r.status).toBe(code);
      expect(r.headers['content-length'], String(code)).toBeUndefined();
      expect(r.body).toBe('');
    }
  });

  it('a client that goes away before its handler finishes: no crash, no error', async () => {
    const before = program!.output().length;
    const early = await openRaw(program!.origin);
    early.socket.write('GET /slow?ms=200 HTTP/1.1\r\nHost: x\r\n\r\n');
    const cutBody = await openRaw(program!.origin);
    cutBody.socket.write('POST /body HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"a":');
    // Give the server the requests before hanging up (the reply to /ok proves it read them).
    await get('/ok');
    early.socket.destroy();
    cutBody.socket.destroy();
    // A later, longer /slow finishes after the abandoned one has written into its closed connection.
    const r = await get('/slow?ms=400');
    expect([r.status, r.body]).toEqual([200, 'finished']);
    expect(program!.output().slice(before)).not.toMatch(/\[halo\]|Error/);
  });
});
