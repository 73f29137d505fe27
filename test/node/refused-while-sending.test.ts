import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProgram } from '../support/run-program.ts';
import { openRaw } from '../support/raw-socket.ts';
import { rawRequest } from '../support/serve-app.ts';
import { runHostileApp } from './fixtures/run-hostile-app.ts';

const LIMIT = 64 * 1024;

// A server that refuses a request and closes at once, while the client is still sending, makes the
// kernel answer with a reset, and the reset often destroys the reply before the client reads it.
describe('a refused request whose client is still sending still gets its status', () => {
  let program: RunningProgram;
  beforeAll(async () => {
    program = await runHostileApp({ bodyLimit: LIMIT });
  });
  afterAll(() => program.interrupt('SIGKILL'));

  /** Sends `head`, then `filler` over and over (as a client streaming a large upload does) until the reply starts. */
  async function sendUntilAnswered(head: string, filler: string, maxBytes = 32 * 1024 * 1024): Promise<string> {
    const connection = await openRaw(program.origin);
    const { socket } = connection;
    const chunk = Buffer.from(filler);
    let sent = 0;
    const pump = (): void => {
      while (!socket.destroyed && !connection.received() && sent < maxBytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end();
    };
    socket.write(head);
    pump();
    return connection.closed;
  }

  async function stillServing(): Promise<void> {
    expect(program.child.exitCode).toBeNull();
    const r = await rawRequest(program.origin, { path: '/ok' });
    expect([r.status, r.body]).toEqual([200, 'ok']);
  }

  it('a declared oversize body → 413, read by the client, then the connection closes', async () => {
    for (let i = 0; i < 5; i++) {
      const head = 'POST /todos HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 33554432\r\n\r\n';
      const reply = await sendUntilAnswered(head, 'a'.repeat(64 * 1024));
      expect(reply, `attempt ${i}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(reply.toLowerCase()).toContain('connection: close');
      expect(reply).toContain(`larger than the limit of ${LIMIT} bytes`);
    }
    await stillServing();
  });

  it('an oversize chunked body → 413, read by the client', async () => {
    for (let i = 0; i < 5; i++) {
      const head = 'POST /todos HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      const data = 'a'.repeat(16 * 1024);
      const reply = await sendUntilAnswered(head, `${data.length.toString(16)}\r\n${data}\r\n`);
      expect(reply, `attempt ${i}`).toMatch(/^HTTP\/1\.1 413 /);
    }
    await stillServing();
  });

  it('headers larger than the limit → 431 with a JSON message, read by the client', async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await sendUntilAnswered('GET /ok HTTP/1.1\r\nHost: x\r\nx-big: ', 'b'.repeat(64 * 1024));
      expect(reply, `attempt ${i}`).toMatch(/^HTTP\/1\.1 431 /);
      expect(reply).toContain('The request headers are larger than the limit of 16384 bytes.');
    }
    await stillServing();
  });

  it('100,000 query parameters → 431 (the request line is a header), and the server keeps serving', async () => {
    const query = Array.from({ length: 100_000 }, (_, i) => `k${i}=${i}`).join('&');
    const reply = await sendUntilAnswered(`GET /q?${query} HTTP/1.1\r\nHost: x\r\n\r\n`, '', 0);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    await stillServing();
  });
});
