/**
 * The learner's database opened ahead in a spare (ServerHost with DatabaseAhead): which PGlite may write the stored
 * files when, and which run may keep the spare. Server workers are stand-ins that make the calls a real one's PGlite
 * makes (read the files, store the changed ones); the page's storage is a list of the calls that reached it.
 * e2e database-ahead runs the same through the real build.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PgCall, PgReply } from '../../runtime/contract/pg-broker-protocol.ts';
import type { FromServerWorker, ToServerWorker } from '../../runtime/contract/server-worker-protocol.ts';
import type { ServerWorkerHandle } from '../../runtime/server-worker/host/sandbox-frame.ts';
import { ServerHost } from '../../runtime/server-worker/host/server-host.ts';

/** A stand-in server worker: what it was sent, and whether it was stopped. */
interface Worker {
  sent: ToServerWorker[];
  terminated: boolean;
}

/** Workers whose PGlite reads and then stores database `halo` (when opening ahead, or when a program loads that uses it). */
function workers() {
  const all: Worker[] = [];
  // A program `starts when told` starts once `releaseStart` is called.
  let releaseStart = () => {};
  const told = new Promise<void>((resolve) => (releaseStart = resolve));
  const spawn = (): ServerWorkerHandle => {
    const worker: Worker = { sent: [], terminated: false };
    all.push(worker);
    let nextCall = 1;
    let code = '';
    const waiting = new Map<number, (reply: PgReply) => void>();
    const say = (message: FromServerWorker): void => port.onmessage?.({ data: message } as MessageEvent<FromServerWorker>);
    const call = (request: PgCall): Promise<PgReply> => {
      const id = nextCall++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        say({ type: 'call', id, call: request });
      });
    };
    const useDatabase = async (): Promise<boolean> => {
      const read = await call({ method: 'load', name: 'halo' });
      const stored = await call({ method: 'save', name: 'halo', put: [{ path: 'PG_VERSION', mode: 0o100600, mtime: 1 }], remove: [] });
      return read.ok && stored.ok;
    };
    const port = {
      onmessage: null as ((event: MessageEvent<FromServerWorker>) => void) | null,
      postMessage(message: ToServerWorker) {
        worker.sent.push(message);
        queueMicrotask(() => void answerTo(message));
      },
    };
    const answerTo = async (message: ToServerWorker): Promise<void> => {
      if (message.type === 'reply') waiting.get(message.id)?.(message.reply);
      if (message.type === 'open-database') say({ type: 'database-open', url: message.url, ok: await useDatabase() });
      if (message.type === 'load') {
        code = message.code;
        say({ type: 'loading' });
        if (code === 'uses the database' && !message.keepDatabases) await useDatabase();
        if (code === 'starts when told') await told;
        if (code === 'opens the database, then starts when told') {
          await call({ method: 'load', name: 'halo' });
          await told;
          await call({ method: 'save', name: 'halo', put: [], remove: ['late'] });
        }
        say({ type: 'listen', origin: 'http://localhost:3000' });
        say({ type: 'started' });
      }
      if (message.type === 'request') {
        // A program whose PgService opens on its first request.
        if (code === 'opens the database on a request') await useDatabase();
        say({ type: 'response', id: message.id, response: { status: 200, statusText: 'OK', headers: [], body: new ArrayBuffer(0) } });
      }
    };
    return { port, onerror: null, terminate: () => (worker.terminated = true) };
  };
  return { spawn, all, releaseStart };
}

/** The page's storage: every load and store that reached it, by scoped name. */
function storage() {
  const calls: string[] = [];
  const answer = async (call: PgCall) => {
    if (call.method === 'load' || call.method === 'save') calls.push(`${call.method} ${String(call.name).replace('\u0000', '/')}`);
    return { reply: { ok: true, value: call.method === 'load' ? [] : null } as PgReply, transfer: [] };
  };
  return { calls, answer };
}

const listeners = { console() {}, state() {} };
const program = (code: string) => ({ id: code, code });
const request = { url: 'http://localhost:3000/', method: 'GET', headers: [] as [string, string][], body: null };
const keptDatabase = (worker: Worker | undefined) => worker?.sent.some((m) => m.type === 'load' && m.keepDatabases === true);

describe('a database opened ahead', () => {
  it('is stored at once while nobody else has it open, and the next run in its scope keeps it', async () => {
    const { spawn, all } = workers();
    const { calls, answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    expect(calls).toEqual(['load lesson/halo', 'save lesson/halo']);

    expect(await host.run(program('uses the database'), { storageScope: 'lesson', usesDatabase: true })).toMatchObject({
      status: 'running',
    });
    expect(keptDatabase(all[0])).toBe(true);
    expect(host.databaseAheadState).toEqual({ status: 'none', opened: 1, taken: 1 });
    expect(calls).toHaveLength(2);
  });

  it('is not opened while the running program has the database open', async () => {
    const { spawn } = workers();
    const { calls, answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.run(program('uses the database'), { storageScope: 'lesson' });
    await host.openDatabaseAhead('lesson');
    expect(host.databaseAheadState).toEqual({ status: 'none', opened: 0, taken: 0 });
    expect(calls).toEqual(['load lesson/halo', 'save lesson/halo']);
    // Another scope's database is nobody's yet.
    await host.openDatabaseAhead('another lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
  });

  it('is stopped, unanswered from then on, when the running program opens the database', async () => {
    const { spawn, all } = workers();
    const { calls, answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.run(program('opens the database on a request'), { storageScope: 'lesson' });
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    const spare = all[1];
    expect(spare.sent[0]?.type).toBe('open-database');

    expect((await host.fetch(request)).status).toBe(200);
    expect(spare.terminated).toBe(true);
    expect(host.databaseAheadState.status).toBe('none');
    expect(calls).toEqual(['load lesson/halo', 'save lesson/halo', 'load lesson/halo', 'save lesson/halo']);
  });

  it('asked for while a run starts on the last spare, opens in the spare made once that run started', async () => {
    const { spawn, all, releaseStart } = workers();
    const { answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    const running = host.run(program('starts when told'), { storageScope: 'another lesson' });
    await host.openDatabaseAhead('lesson');
    // Nothing boots beside the program's start, so nothing can open the database yet.
    expect(all).toHaveLength(1);
    expect(host.databaseAheadState.status).toBe('none');
    releaseStart();
    expect(await running).toMatchObject({ status: 'running' });
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    expect(all[1].sent[0]?.type).toBe('open-database');
  });

  it('asked for again while the program that kept it runs, is not opened by the spares made for the next run', async () => {
    const { spawn, all } = workers();
    const { answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    await host.run(program('uses the database'), { storageScope: 'lesson', usesDatabase: true });
    host.closeDatabaseAhead();
    await host.openDatabaseAhead('lesson');

    // The next program opens the database only on its first request: the spares made after its start wait.
    await host.run(program('opens the database on a request'), { storageScope: 'lesson', usesDatabase: true });
    await vi.waitFor(() => expect(all.length).toBeGreaterThan(2));
    expect(all.some((worker, index) => index > 0 && worker.sent.some((m) => m.type === 'open-database'))).toBe(false);
    expect(host.databaseAheadState).toEqual({ status: 'none', opened: 1, taken: 1 });
  });

  it('is never run by a run in another scope, which gets another worker', async () => {
    const { spawn, all } = workers();
    const { calls, answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));

    await host.run(program('uses the database'), { storageScope: 'shared-code', usesDatabase: true });
    expect(all[0].terminated).toBe(true);
    expect(all[0].sent.some((m) => m.type === 'load')).toBe(false);
    expect(keptDatabase(all[1])).toBe(false);
    expect(calls.slice(2)).toEqual(['load shared-code/halo', 'save shared-code/halo']);
    expect(host.databaseAheadState.taken).toBe(0);
  });

  it('is let go of with its spare, and the checks never borrow that spare', async () => {
    const { spawn, all } = workers();
    const { answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    host.lendSpare();
    expect(all[0].terminated).toBe(false);
    expect(all).toHaveLength(2);

    host.closeDatabaseAhead();
    expect(all[0].terminated).toBe(true);
    expect(host.databaseAheadState.status).toBe('none');
  });

  it('is not taken by a program that uses no database (a starter): it stays open for the run that will', async () => {
    const { spawn, all } = workers();
    const { calls, answer } = storage();
    const host = new ServerHost(spawn, listeners, answer);
    await host.openDatabaseAhead('lesson');
    await vi.waitFor(() => expect(host.databaseAheadState.status).toBe('open'));
    expect(await host.run(program('plain'), { storageScope: 'lesson' })).toMatchObject({ status: 'running' });
    expect(all[0].sent.some((m) => m.type === 'load')).toBe(false);
    expect(all[0].terminated).toBe(false);
    expect(host.databaseAheadState.status).toBe('open');

    await host.run(program('uses the database'), { storageScope: 'lesson', usesDatabase: true });
    expect(keptDatabase(all[0])).toBe(true);
    expect(host.databaseAheadState).toEqual({ status: 'none', opened: 1, taken: 1 });
    expect(calls).toEqual(['load lesson/halo', 'save lesson/halo']);
  });
});

describe('a program stopped while it starts', () => {
  for (const stop of ['stopProgram', 'run'] as const) {
    it(`is terminated at once by ${stop}(), and writes nothing into the page's storage after`, async () => {
      const { spawn, all, releaseStart } = workers();
      const { calls, answer } = storage();
      const host = new ServerHost(spawn, listeners, answer);
      const starting = host.run(program('opens the database, then starts when told'), { storageScope: 'lesson' });
      await vi.waitFor(() => expect(calls).toEqual(['load lesson/halo']));
      const next = stop === 'run' ? host.run(program('plain'), { storageScope: 'other' }) : (host.stopProgram(), null);
      expect(all[0].terminated).toBe(true);
      releaseStart();
      await starting;
      if (next) expect(await next).toMatchObject({ status: 'running' });
      else expect(host.state.status).toBe('idle');
      // The stopped program's late store never reached the storage.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(calls).toEqual(['load lesson/halo']);
    });
  }
});
