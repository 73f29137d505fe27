import type { ConsoleEntry, DatabaseAheadState, ProgramBundle, ProgramState, RunOptions } from '../../contract/engine-api.ts';
import { PLAYGROUND_PG_NAME, type PgCall } from '../../contract/pg-broker-protocol.ts';
import { CheckPgFiles } from './check-pg-files.ts';
import type { DatabaseAhead } from './database-ahead.ts';
import { ProgramProcess, type ProcessEvents, type StartOutcome } from './program-process.ts';
import { SparePool, type SparePolicy } from './spare-pool.ts';
import { programEvents } from './program-events.ts';
import type { ClientSocket, PageSocketPeer } from './program-events.ts';

export type { ClientSocket, PageSocketPeer } from './program-events.ts';
import { mayListenOn, socketOrigin } from '../../contract/program-origin.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';
import { textResponse, type WireRequest, type WireResponse } from '../../contract/wire.ts';

/** What the host reports to its owner. */
export interface HostListeners {
  console(entry: ConsoleEntry): void;
  state(state: ProgramState): void;
  /** The host is quiet (a new program answered, or 150 ms passed without a request): a time for work nobody waits for; called again after later runs. */
  quiet?(): void;
}

/** The close code and reason open sockets get when their program stops: 1012 is "Service Restart". */
const PROGRAM_RESTARTED = { code: 1012, reason: 'The program restarted.' } as const;

/** The running program: its process, the bundle it came from, the origins it registered and the sockets open on it. */
interface Running {
  process: ProgramProcess;
  bundle: ProgramBundle;
  /** Whose databases it sees, and whether it runs for the checks (see RunOptions). */
  options: RunOptions;
  origins: Set<string>;
  sockets: Map<number, PageSocketPeer>;
  /** Set when the kill switch stopped it; requests still pending on it get a 504 too. */
  timedOut: boolean;
  /** The checks' scope whose database this program's worker serves (see serveDatabase), if any. */
  serves: string | null;
}

export type { SparePolicy } from './spare-pool.ts';

/** Where a run for the checks gets its database: a port to the learner's, for its checks' scope (null: none to share). */
export type DatabaseSource = (checksScope: string) => Promise<MessagePort | null>;

/** The default time a request may take before the program is restarted. */
const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/**
 * The learner's program: booting a worker (a fresh JavaScript engine loading the framework) can take longer
 * than a quick edit-compile-run cycle, so one spare is not always ready in time, and none may be missing.
 */
const LEARNER_SPARES: SparePolicy = { spares: 2, bootAtOnce: true };

/**
 * Runs compiled programs in server workers on behalf of the page and answers requests with them.
 * The kill switch lives here: a request without an answer in time gets a 504, and the worker is
 * terminated and replaced by a fresh one running the same bundle. Spare workers with the framework
 * already loaded are kept ready, so starting a program does not wait for a worker to boot.
 */
export class ServerHost {
  /** Milliseconds a request (or a program's start) may take. */
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS;
  /**
   * Where a run for the checks finds its database (the learner's, see serveDatabase): set, such a run starts no
   * PGlite of its own for the default database. Unset, or when it answers null, the run keeps one in memory.
   */
  databaseSource: DatabaseSource | null = null;
  private running: Running | null = null;
  /** The program inside launch(), not yet running: a run or a stop terminates it too. */
  private starting: ProgramProcess | null = null;
  private readonly pool: SparePool;
  private generation = 0;
  private current: ProgramState = { status: 'idle', origins: [] };
  private settledWaiters: (() => void)[] = [];
  private nextSocket = 1;
  private readonly checkPgFiles = new CheckPgFiles();
  /** Scopes whose default database the running program opened: it writes them, so nothing opens them ahead. */
  private readonly databaseOpenIn = new Set<string>();
  /** The database opened ahead, loaded when first wanted: only lessons about PgService want it. */
  private databaseAhead: DatabaseAhead | null = null;
  private databaseAheadScope: string | null = null;

  /**
   * Uses `spawn` to create server workers and `pg` to answer their calls to the page (PGlite's assets and
   * files, the optional packages' modules). Boots one spare at once (the first program runs on it); the
   * other spares (`sparePolicy`) wait until the host is quiet.
   */
  constructor(
    spawn: () => ServerWorkerHandle,
    private readonly listeners: HostListeners,
    private readonly pg: ProcessEvents['call'],
    sparePolicy: SparePolicy = LEARNER_SPARES,
  ) {
    this.pool = new SparePool(spawn, sparePolicy, {
      made: (first) => this.databaseAhead?.spareMade(first, (scope) => this.databaseOpenIn.has(scope)),
      quiet: () => this.listeners.quiet?.(),
    });
  }

  /** The program's state. */
  get state(): ProgramState {
    return this.current;
  }

  /**
   * True for every origin a program may listen on: their requests never go to the network, so with no program
   * listening (held for consent, crashed, not yet started) the playground answers 503 itself instead of a real
   * server on the learner's machine answering.
   */
  handles(origin: string): boolean {
    return mayListenOn(origin, globalThis.location?.origin);
  }

  /**
   * Replaces the running program with `bundle` (fresh state), stopping the one running or still starting; resolves
   * once it started or failed. Its PGlite data directories live under `options.storageScope` (default `default`),
   * apart from other scopes' directories of the same name; a run for the checks keeps them in memory, or uses the
   * learner's database (see RunOptions.forChecks).
   */
  async run(bundle: ProgramBundle, options: RunOptions = {}): Promise<ProgramState> {
    const generation = ++this.generation;
    this.stopCurrent();
    if (!options.forChecks) this.checkPgFiles.forget();
    this.setState('starting', []);
    await this.launch(bundle, options, generation);
    return this.current;
  }

  /**
   * Stops the running program, or the one starting (its worker is terminated at once, whatever it is doing), and
   * drops the databases kept for the checks: the host is idle, its spares stay booted for the next run.
   */
  stopProgram(): void {
    this.generation += 1;
    this.stopCurrent();
    this.checkPgFiles.forget();
    this.setState('idle', []);
  }

  /**
   * Hands a spare worker (booted, if one is) to another host, the checks': their copies run on this host's spares
   * instead of spares of their own, and the one missing here boots once this host is quiet.
   */
  lendSpare(): ServerWorkerHandle {
    const worker = this.pool.take((spare) => this.databaseAhead?.holds(spare) ?? false);
    this.pool.soonQuiet();
    return worker;
  }

  /**
   * Lets a run for the checks (scope `checksScope`) use the running program's database, so a lesson never has two
   * PGlites: the program's worker serves it in a schema of its own, fresh for a new scope and kept for the same
   * one (the copy's restarts), and out of the program's sight. Resolves with the port to it, or null when no
   * program runs.
   */
  async serveDatabase(checksScope: string): Promise<MessagePort | null> {
    await this.settled();
    const running = this.running;
    if (!running) return null;
    const fresh = running.serves !== checksScope;
    running.serves = checksScope;
    const channel = new MessageChannel();
    running.process.serveDatabase(channel.port1, fresh);
    return channel.port2;
  }

  /** The checks are done with the database serveDatabase lent: their schema is dropped, nothing of it stays. */
  dropServedDatabase(): void {
    const running = this.running;
    if (!running?.serves) return;
    running.serves = null;
    running.process.dropServedDatabase();
  }

  /** Opens the default database of `scope` ahead in the spare the next run takes (see DatabaseAhead); resolves once asked. */
  async openDatabaseAhead(scope: string): Promise<void> {
    this.databaseAheadScope = scope;
    const { DatabaseAhead } = await import('./database-ahead.ts');
    if (this.databaseAheadScope !== scope) return;
    this.databaseAhead ??= new DatabaseAhead({
      answer: (call, inScope) => this.answerStored(call, inScope),
      booted: () => this.pool.soonQuiet(),
      retire: (worker) => this.retire(worker),
    });
    this.databaseAhead.want(scope, this.pool.first, this.databaseOpenIn.has(scope));
  }

  /** Opens no database ahead any more; the spare holding one is stopped, which frees it. */
  closeDatabaseAhead(): void {
    this.databaseAheadScope = null;
    this.databaseAhead?.unwant();
  }

  /** How far the database opened ahead is. */
  get databaseAheadState(): DatabaseAheadState {
    return this.databaseAhead?.state ?? { status: 'none', opened: 0, taken: 0 };
  }

  /** Answers `request` with the running program, the kill switch armed. */
  async fetch(request: WireRequest): Promise<WireResponse> {
    await this.settled();
    const running = this.running;
    const url = new URL(request.url);
    if (!running || !running.origins.has(url.origin)) {
      return textResponse(
        503,
        `No program is listening on ${url.origin}. Run a program that calls startServer('${url.hostname}', ${url.port || 80}).`,
      );
    }
    const timeoutMs = this.requestTimeoutMs;
    const response = await running.process.request(request, timeoutMs);
    // The new program answered: missing spares boot (and at first esbuild starts) while the learner reads it.
    this.pool.quiet();
    if (response) return response;
    this.expire(running, `${request.method} ${url.pathname} got no response within ${timeoutMs} ms`);
    if (!running.timedOut) return textResponse(503, 'The program was replaced before it answered.');
    return textResponse(
      504,
      `The program did not answer within ${timeoutMs} ms, so it was stopped and restarted. ` +
        `Look for an endless loop or a promise that never settles in the handler for ${request.method} ${url.pathname}.`,
    );
  }

  /**
   * Connects a page WebSocket (`url`: ws:// or wss://) to the running program, once it runs; `peer`
   * gets what the program sends and its close. Without a program listening there it closes at once
   * (1013, "try again later"); when the program stops, with PROGRAM_RESTARTED.
   */
  openSocket(url: string, peer: PageSocketPeer): ClientSocket {
    const id = this.nextSocket++;
    const origin = socketOrigin(url);
    // Messages sent before the program settled wait, in order, behind the connection.
    const target = this.settled().then(() => {
      const running = this.running;
      if (!running || !running.origins.has(origin)) {
        peer.close(1013, `No program is listening on ${origin}. Run a program that calls startServer().`);
        return null;
      }
      running.sockets.set(id, peer);
      running.process.openSocket(id, url);
      return running;
    });
    return {
      send: (text) => void target.then((running) => running && this.passMessage(running, id, url, text)),
      close: () => void target.then((running) => running?.sockets.delete(id) && running.process.socketClosed(id)),
    };
  }

  /** Passes one client message, the kill switch armed as for a request. */
  private async passMessage(running: Running, id: number, url: string, text: string): Promise<void> {
    if (!running.sockets.has(id)) return;
    const timeoutMs = this.requestTimeoutMs;
    if (!(await running.process.socketMessage(id, text, timeoutMs))) {
      this.expire(running, `A WebSocket message to ${new URL(url).pathname} was not handled within ${timeoutMs} ms`);
    }
  }

  /** The kill switch: reports `what` and restarts `running`, once, if it is still the current program. */
  private expire(running: Running, what: string): void {
    if (running.timedOut || running !== this.running) return;
    running.timedOut = true;
    this.listeners.console({ level: 'error', text: `${what}: the program was restarted.`, time: Date.now() });
    void this.restart(running);
  }

  /** Terminates the running program and the one starting: nothing of either answers, writes or logs from now on. */
  private stopCurrent(): void {
    if (this.running) this.terminate(this.running);
    this.running = null;
    this.starting?.terminate();
    this.starting = null;
  }

  /** Terminates `running`; its open sockets are closed with PROGRAM_RESTARTED, so clients know to reconnect. */
  private terminate(running: Running): void {
    running.process.terminate();
    for (const peer of running.sockets.values()) peer.close(PROGRAM_RESTARTED.code, PROGRAM_RESTARTED.reason);
    running.sockets.clear();
  }

  private async restart(running: Running): Promise<void> {
    const generation = ++this.generation;
    this.stopCurrent();
    this.setState('restarting', [...running.origins]);
    await this.launch(running.bundle, running.options, generation);
  }

  /** Starts `bundle` on a worker; it becomes the running program unless a newer run or a stop came meanwhile. */
  private async launch(bundle: ProgramBundle, options: RunOptions, generation: number): Promise<void> {
    const storageScope = options.storageScope ?? 'default';
    const { worker, keepDatabase } = this.takeWorker(options, storageScope);
    const origins = new Set<string>();
    const sockets = new Map<number, PageSocketPeer>();
    const isCurrent = (): boolean => generation === this.generation;
    const process = new ProgramProcess(worker, this.processEvents(options, storageScope, origins, sockets, isCurrent));
    this.starting = process;
    const database = options.forChecks && !options.clock ? await this.databaseSource?.(storageScope) : null;
    const outcome = isCurrent()
      ? await process.start(bundle.code, this.requestTimeoutMs, { clock: options.clock, keepDatabases: keepDatabase, database })
      : ({ ok: false, message: 'The program was stopped.' } as const);
    if (this.starting === process) this.starting = null;
    // The next run must not start from nothing, but a boot takes a core: it begins once this program started, not
    // beside its start (on two cores it slowed every run's start, a warm reload's first too). The other spares wait
    // until this program answered.
    this.pool.started();
    if (!isCurrent()) return process.terminate();
    if (!outcome.ok) return this.failedStart(process, options, outcome);
    this.running = { process, bundle, options, origins, sockets, timedOut: false, serves: null };
    this.setState('running', [...origins]);
  }

  /**
   * The worker a run starts on. Only a learner's program that uses PgService (RunOptions.usesDatabase), in the scope
   * the database was opened ahead for, takes the spare holding it, and keeps that database; any other run leaves
   * that spare be, except one that opens a database elsewhere, which stops it (one PGlite at a time).
   */
  private takeWorker(options: RunOptions, scope: string): { worker: ServerWorkerHandle; keepDatabase: boolean } {
    const ahead = this.databaseAhead;
    // The program before this run is stopped: what it had open is closed.
    if (!options.forChecks) this.databaseOpenIn.clear();
    const claims = options.usesDatabase === true && !options.forChecks;
    // This program opens its scope's database (or keeps the one opened ahead), maybe only on its first query: a
    // spare made before then must not open it too.
    if (claims) this.databaseOpenIn.add(scope);
    const held = (spare: ServerWorkerHandle): boolean => ahead?.holds(spare) ?? false;
    const worker = claims ? this.pool.take((spare) => !held(spare), true) : this.pool.take(held);
    const keepDatabase = ahead?.claim(worker, scope) ?? null;
    if (keepDatabase !== false) return { worker, keepDatabase: keepDatabase === true };
    // Its PGlite read the files of the scope it was opened for, and what it sends may still be on its way.
    worker.terminate();
    return { worker: this.pool.take(), keepDatabase: false };
  }

  /** Reports a start that failed (the learner's own run of the same code has said so for the checks' copy). */
  private failedStart(process: ProgramProcess, options: RunOptions, outcome: Extract<StartOutcome, { ok: false }>): void {
    process.terminate();
    if (!options.forChecks) {
      this.listeners.console({
        level: 'error',
        text: `The program failed to start: ${outcome.message}`,
        stack: outcome.stack,
        time: Date.now(),
      });
    }
    this.setState('crashed', []);
  }

  /** What the host does for one program's process (see programEvents); its storage calls are answered here. */
  private processEvents(
    options: RunOptions,
    scope: string,
    origins: Set<string>,
    sockets: Map<number, PageSocketPeer>,
    isCurrent: () => boolean,
  ): ProcessEvents {
    return programEvents({
      origins,
      sockets,
      // The checks' requests are not the learner's: what the program logs for them would read as the learner's own.
      console: (entry) => !options.forChecks && this.listeners.console(entry),
      refused: (entry) => this.listeners.console(entry),
      originsChanged: () => isCurrent() && this.current.status === 'running' && this.setState('running', [...origins]),
      // The program names its data directory; the page decides whose directories it may name.
      call: async (call) => {
        if (call.method !== 'load' && call.method !== 'save') return this.pg(call);
        if (options.forChecks) return this.checkPgFiles.answer(scope, call);
        if (call.method === 'load' && call.name === PLAYGROUND_PG_NAME) {
          this.databaseOpenIn.add(scope);
          this.databaseAhead?.loaded(scope);
        }
        return this.answerStored(call, scope);
      },
    });
  }

  /** Answers a PGlite call of a learner's program in `scope`: its data directories' names are the scope's own. */
  private answerStored(call: PgCall, scope: string): ReturnType<ProcessEvents['call']> {
    if (call.method !== 'load' && call.method !== 'save') return this.pg(call);
    return this.pg({ ...call, name: `${scope}\u0000${String(call.name)}` });
  }

  /** Stops a spare holding a database nobody will take; a fresh one boots when the host is quiet. */
  private retire(worker: ServerWorkerHandle): void {
    this.pool.remove(worker);
    worker.terminate();
  }

  private setState(status: ProgramState['status'], origins: string[]): void {
    this.current = { status, origins };
    this.listeners.state(this.current);
    if (status !== 'starting' && status !== 'restarting') {
      for (const wake of this.settledWaiters.splice(0)) wake();
    }
  }

  /** Waits while a program is starting or restarting. */
  private settled(): Promise<void> {
    const status = this.current.status;
    if (status !== 'starting' && status !== 'restarting') return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }
}
