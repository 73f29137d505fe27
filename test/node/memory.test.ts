import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningProgram } from '../support/run-program.ts';
import { runHostileApp } from './fixtures/run-hostile-app.ts';

const REQUESTS = 100_000;
const WORKERS = 32;
const DEADLINE_MS = 120_000;
const MAX_GROWTH_MB = 20;

// A mix of what a server sees: plain answers, a query, a JSON body, and a thrown HttpException.
const REQUEST_MIX = [
  { method: 'GET', path: '/ok' },
  { method: 'GET', path: '/q?name=bob&tags=a' },
  { method: 'POST', path: '/body', body: '{"title":"t","done":false}' },
  { method: 'GET', path: '/throw/http' },
];

describe('memory of the Node server under load', () => {
  let program: RunningProgram;
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  beforeAll(async () => {
    program = await runHostileApp();
  });
  afterAll(async () => {
    agent.destroy();
    await program.interrupt('SIGKILL');
  });

  function send({ method, path, body }: { method: string; path: string; body?: string }): Promise<string> {
    const { hostname, port } = new URL(program.origin);
    const headers = body ? { 'content-type': 'application/json' } : undefined;
    return new Promise((resolve, reject) => {
      const req = httpRequest({ hostname, port, method, path, headers, agent }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Sends `count` requests from WORKERS keep-alive connections; stops at `deadline`. Returns how many were sent. */
  async function load(count: number, deadline: number): Promise<number> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count && Date.now() < deadline) await send(REQUEST_MIX[next++ % REQUEST_MIX.length]);
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    return next;
  }

  const rssMb = async (): Promise<number> => JSON.parse(await send({ method: 'GET', path: '/rss' })).rss / 1024 / 1024;

  it(
    `RSS grows by less than ${MAX_GROWTH_MB} MB over ${REQUESTS} requests`,
    async () => {
      const deadline = Date.now() + DEADLINE_MS;
      await load(10_000, deadline);
      const before = await rssMb();
      const started = Date.now();
      const sent = await load(REQUESTS, deadline);
      const after = await rssMb();
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `[memory] ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s): ` +
          `RSS ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB)`,
      );
      expect(sent).toBe(REQUESTS);
      expect(after - before).toBeLessThan(MAX_GROWTH_MB);
      expect(program.child.exitCode).toBeNull();
    },
    DEADLINE_MS + 60_000,
  );
});
