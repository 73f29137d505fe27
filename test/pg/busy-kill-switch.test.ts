/**
 * The kill switch and a program that opens PGlite: while the server worker reports the program busy
 * (PGlite's first open in a browser runs initdb, which may outlast the start timeout), ProgramProcess
 * holds off its deadlines; once the program reports done, or without a report, they apply as before.
 */
import { describe, expect, it, vi } from 'vitest';
import { BUSY_CAP_MS, ProgramProcess } from '../../runtime/server-worker/host/program-process.ts';
import type { FromServerWorker } from '../../runtime/contract/server-worker-protocol.ts';
import type { ServerWorkerHandle } from '../../runtime/server-worker/host/sandbox-frame.ts';

/**
 * A stand-in for the server worker: the test plays its messages. Like the real one it acknowledges
 * `load` at once, unless `booting` (its own script still being parsed).
 */
function fakeWorker(booting = false): { worker: ServerWorkerHandle; say: (message: FromServerWorker) => void } {
  const port = {
    onmessage: null,
    postMessage(message: { type: string }) {
      if (message.type === 'load' && !booting) queueMicrotask(() => say({ type: 'loading' }));
    },
  } as unknown as MessagePort;
  const worker: ServerWorkerHandle = { port, onerror: null, terminate() {} };
  const say = (message: FromServerWorker): void => port.onmessage?.({ data: message } as MessageEvent);
  return { worker, say };
}

const events = {
  console() {},
  listen() {},
  unlisten() {},
  socketSend() {},
  socketClose() {},
  call: () => Promise.reject(new Error('no calls here')),
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProgramProcess deadlines while the program is busy', () => {
  it('a start that reports busy may outlast the timeout', async () => {
    const { worker, say } = fakeWorker();
    const started = new ProgramProcess(worker, events).start('code', 100);
    say({ type: 'busy', ms: 1000 });
    await sleep(300);
    say({ type: 'busy', ms: 0 });
    say({ type: 'started' });
    expect(await started).toEqual({ ok: true });
  });

  it('without a busy report, or once it is over, the start timeout applies', async () => {
    const quiet = fakeWorker();
    expect(await new ProgramProcess(quiet.worker, events).start('code', 100)).toMatchObject({
      ok: false,
      message: expect.stringContaining('100 ms'),
    });
    const done = fakeWorker();
    const started = Date.now();
    const outcome = new ProgramProcess(done.worker, events).start('code', 100);
    done.say({ type: 'busy', ms: 300 });
    expect(await outcome).toMatchObject({ ok: false });
    // Held off for the busy time, then failed: bounded by what the program reported.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('busy time pauses the start timeout: after a long busy spell the program still has its whole timeout', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const { worker, say } = fakeWorker();
      let outcome: unknown = null;
      const started = new ProgramProcess(worker, events).start('code', 100).then((value) => (outcome = value));
      await vi.advanceTimersByTimeAsync(0);
      say({ type: 'busy', ms: 1000 });
      await vi.advanceTimersByTimeAsync(90);
      say({ type: 'busy', ms: 0 });
      // 180 ms since the start, but only 90 of them not busy (the tables being created).
      await vi.advanceTimersByTimeAsync(90);
      expect(outcome).toBeNull();
      await vi.advanceTimersByTimeAsync(20);
      expect(await started).toMatchObject({ ok: false, message: expect.stringContaining('100 ms') });
    } finally {
      vi.useRealTimers();
    }
  });

  it("the start timeout counts from the program's top level, not from a worker still booting", async () => {
    const { worker, say } = fakeWorker(true);
    const started = new ProgramProcess(worker, events).start('code', 100);
    await sleep(300);
    say({ type: 'loading' });
    say({ type: 'started' });
    expect(await started).toEqual({ ok: true });
  });

  it('a request waits while the program is busy, and times out when it is not', async () => {
    const { worker, say } = fakeWorker();
    const process = new ProgramProcess(worker, events);
    const request = { url: 'http://localhost:3000/', method: 'GET', headers: [], body: null };
    say({ type: 'busy', ms: 500 });
    const waiting = process.request(request, 100);
    await sleep(200);
    const response = { status: 200, statusText: 'OK', headers: [], body: new ArrayBuffer(0) };
    say({ type: 'response', id: 1, response });
    expect(await waiting).toEqual(response);
    say({ type: 'busy', ms: 0 });
    expect(await process.request(request, 100)).toBeNull();
  });

  it('busy time is capped: one report of 1e9 ms holds the deadline off BUSY_CAP_MS at most', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const { worker, say } = fakeWorker();
      const process = new ProgramProcess(worker, events);
      const request = { url: 'http://localhost:3000/', method: 'GET', headers: [], body: null };
      say({ type: 'busy', ms: 1e9 });
      let settled = false;
      const waiting = process.request(request, 100).then((response) => ((settled = true), response));
      await vi.advanceTimersByTimeAsync(BUSY_CAP_MS - 1000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await waiting).toBeNull();
      // The budget is spent: reporting busy again no longer holds anything off.
      say({ type: 'busy', ms: 1e9 });
      const again = process.request(request, 100);
      await vi.advanceTimersByTimeAsync(200);
      expect(await again).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
