/**
 * ServerHost's spare workers on a two-core laptop: one boots at once (the first program runs on it), the
 * others only once the host is quiet (a new program answered, or its first spare booted and no program
 * came), so they do not compete with the start and first answer the learner is waiting for.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FromServerWorker, ToServerWorker } from '../../runtime/contract/server-worker-protocol.ts';
import type { ServerWorkerHandle } from '../../runtime/server-worker/host/sandbox-frame.ts';
import { ServerHost } from '../../runtime/server-worker/host/server-host.ts';

/** Stand-ins for server workers that boot, run any program as one listening on localhost:3000, and answer 200. */
function workers(): { spawn: () => ServerWorkerHandle; spawned: () => number; boot: (index: number) => void; atLoad: number[] } {
  const handles: { handle: ServerWorkerHandle; say: (message: FromServerWorker) => void }[] = [];
  /** How many workers had been made when each program was handed to its worker. */
  const atLoad: number[] = [];
  const spawn = (): ServerWorkerHandle => {
    const port = {
      onmessage: null as ((event: MessageEvent<FromServerWorker>) => void) | null,
      postMessage(message: ToServerWorker) {
        queueMicrotask(() => {
          if (message.type === 'load') {
            atLoad.push(handles.length);
            say({ type: 'loading' });
            say({ type: 'listen', origin: 'http://localhost:3000' });
            say({ type: 'started' });
          } else if (message.type === 'request') {
            say({ type: 'response', id: message.id, response: { status: 200, statusText: 'OK', headers: [], body: new ArrayBuffer(0) } });
          }
        });
      },
    };
    const say = (message: FromServerWorker): void => port.onmessage?.({ data: message } as MessageEvent<FromServerWorker>);
    const handle: ServerWorkerHandle = { port, onerror: null, terminate() {} };
    handles.push({ handle, say });
    return handle;
  };
  return { spawn, spawned: () => handles.length, boot: (index) => handles[index].say({ type: 'booted' }), atLoad };
}

const listeners = { console() {}, state() {} };
const noCalls = () => Promise.reject(new Error('no calls here'));
const bundle = { id: 'b', code: '' };
const request = { url: 'http://localhost:3000/', method: 'GET', headers: [] as [string, string][], body: null };

describe('ServerHost spares', () => {
  it('boots one spare at once and the others once its first program answered, and after each run once the new program answered', async () => {
    const quiet = vi.fn();
    const { spawn, spawned, atLoad } = workers();
    const host = new ServerHost(spawn, { ...listeners, quiet }, noCalls);
    expect(spawned()).toBe(1);
    expect(await host.run(bundle)).toMatchObject({ status: 'running' });
    // The program took the spare; one more is made for the next run once it started (not beside its start), no more yet.
    expect(atLoad).toEqual([1]);
    expect(spawned()).toBe(2);
    expect((await host.fetch(request)).status).toBe(200);
    expect(spawned()).toBe(3);
    expect(quiet).toHaveBeenCalledOnce();
    // Nothing missing: later answers boot nothing.
    await host.fetch(request);
    expect(spawned()).toBe(3);
    expect(quiet).toHaveBeenCalledOnce();
    // An edit's run takes a spare; the one missing boots only once the new program answered.
    expect(await host.run(bundle)).toMatchObject({ status: 'running' });
    expect(spawned()).toBe(3);
    expect((await host.fetch(request)).status).toBe(200);
    expect(spawned()).toBe(4);
  });

  it('with no program, the host is quiet shortly after its first spare booted', async () => {
    vi.useFakeTimers();
    try {
      const quiet = vi.fn();
      const { spawn, spawned, boot } = workers();
      new ServerHost(spawn, { ...listeners, quiet }, noCalls);
      await vi.advanceTimersByTimeAsync(5000);
      expect(spawned()).toBe(1);
      boot(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(spawned()).toBe(2);
      expect(quiet).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the checks' host runs each copy on a spare the learner's host lends, which boots the missing one once quiet", async () => {
    const states: string[] = [];
    const { spawn, spawned } = workers();
    const learner = new ServerHost(spawn, listeners, noCalls);
    expect(await learner.run(bundle)).toMatchObject({ status: 'running' });
    expect((await learner.fetch(request)).status).toBe(200);
    expect(spawned()).toBe(3);
    const checks = new ServerHost(() => learner.lendSpare(), { console() {}, state: (state) => states.push(state.status) }, noCalls, {
      spares: 0,
      bootAtOnce: false,
    });
    // The checks' host took one of the learner's two spares; nothing boots while the round's copy starts.
    expect(spawned()).toBe(3);
    expect(await checks.run(bundle, { forChecks: true })).toMatchObject({ status: 'running' });
    expect((await checks.fetch(request)).status).toBe(200);
    expect(spawned()).toBe(3);
    // The learner's program answering makes its host quiet: the lent spare is replaced.
    expect((await learner.fetch(request)).status).toBe(200);
    expect(spawned()).toBe(4);
    checks.stopProgram();
    expect(checks.state).toEqual({ status: 'idle', origins: [] });
    expect((await checks.fetch(request)).status).toBe(503);
    // The next round borrows again; the learner's program kept running throughout.
    expect(await checks.run(bundle, { forChecks: true })).toMatchObject({ status: 'running' });
    expect(learner.state).toMatchObject({ status: 'running' });
    expect(states).toEqual(['starting', 'running', 'idle', 'starting', 'running']);
  });

  it('a spare that could not start before a program took it over fails that program at once, saying why', async () => {
    const entries: string[] = [];
    // As SandboxFrame's handle does: a failure that came before a listener was set reaches the listener set later.
    const failed = (): ServerWorkerHandle => {
      let onerror: ((message: string) => void) | null = null;
      return {
        port: { onmessage: null, postMessage() {} },
        get onerror() {
          return onerror;
        },
        set onerror(listener) {
          onerror = listener;
          listener?.('it could not be loaded');
        },
        terminate() {},
      };
    };
    const host = new ServerHost(failed, { console: (entry) => entries.push(entry.text), state() {} }, noCalls);
    expect(await host.run(bundle)).toEqual({ status: 'crashed', origins: [] });
    expect(entries).toEqual(['The program failed to start: The server worker failed: it could not be loaded']);
  });

  it('a program stopped while it starts never runs', async () => {
    const { spawn } = workers();
    const host = new ServerHost(spawn, listeners, noCalls);
    const starting = host.run(bundle);
    host.stopProgram();
    expect(await starting).toEqual({ status: 'idle', origins: [] });
    expect((await host.fetch(request)).status).toBe(503);
  });
});
