import type { ConsoleEntry, DatabaseAheadState, ProgramBundle, ProgramState, RunOptions } from '../../contract/engine-api.ts';
import { PLAYGROUND_PG_NAME, type PgCall } from '../../contract/pg-broker-protocol.ts';
import { CheckPgFiles } from './check-pg-files.ts';
import type { DatabaseAhead } from './database-ahead.ts';
import { ProgramProcess, type ProcessEvents } from './program-process.ts';
import type { SocketTransport } from '../../framework/providers/websocket/socket-connection.ts';

/** A page WebSocket as the host serves it: what the program sends and its close, and the trace of each call it handled. */
export interface PageSocketPeer extends SocketTransport {
  /** The trace of a call the program handled from this socket (the `x-halo-trace` encoding). */
  trace?(trace: string): void;
}
import { mayListenOn, socketOrigin } from '../../contract/program-origin.ts';
import type { FromServerWorker } from '../../contract/server-worker-protocol.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';
import { textResponse, type WireRequest, type WireResponse } from '../../contract/wire.ts';

/** What the host reports to its owner. */
export interface HostListeners {
  console(entry: ConsoleEntry): void;
  state(state: ProgramState): void;
  /** The host is quiet (a new program answered, or 150 ms passed without a request): a time for work nobody waits for; called again after later runs. */
  quiet?(): void;
}

/** The page's side of one WebSocket connection to the program: what the client sends, and its closing. */
export interface ClientSocket {
  /** Passes a text message of the client to the program. */
  send(text: string): void;
  /** The client closed (or failed): the program forgets the connection. */
  close(): void;
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
}

/** The default time a request may take before the program is restarted. */
const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/** How a host keeps spare server workers. */
export interface SparePolicy {
  /** Workers kept booted ahead of need once the host is quiet. */
  spares: number;
  /** Whether a run that takes the last spare boots the next one at once, rather than once the host is quiet. */
  bootAtOnce: boolean;
}

/**
 * The learner's program: booting a worker (a fresh JavaScript engine loading the framework) can take longer
 * than a quick edit-compile-run cycle, so one spare is not always ready in time, and none may be missing.
 */
const LEARNER_SPARES: SparePolicy = { spares: 2, bootAtOnce: true };
/**
 * Milliseconds after a program started (or the first spare booted) without a request, after which the host
 * counts as quiet and boots its missing spares: a boot takes a core for a while, and on a two-core laptop it
 * would slow the start and first answer of the program the learner is waiting for (after every edit).
 */
const QUIET_AFTER_MS = 150;

/**
 * Runs compiled programs in server workers on behalf of the page and answers requests with them.
 * The kill switch lives here: a request without an answer in time gets a 504, and the worker is
 * terminated and replaced by a fresh one running the same bundle. Spare workers with the framework
 * already loaded are kept ready, so starting a program does not wait for a worker to boot.
 */
export class ServerHost {
  /** Milliseconds a request (or a program's start) may take. */
  requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS;
  private running: Running | null = null;
  private readonly spares: ServerWorkerHandle[] = [];
  private generation = 0;
  private current: ProgramState = { status: 'idle', origins: [] };
  private settledWaiters: (() => void)[] = [];
  private nextSocket = 1;
  /** Set while spares are missing: they boot once the host is quiet (the timer, or the program's first answer). */
  private refillPending = true;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
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
    private readonly spawn: () => ServerWorkerHandle,
    private readonly listeners: HostListeners,
    private readonly pg: ProcessEvents['call'],
    private readonly sparePolicy: SparePolicy = LEARNER_SPARES,
  ) {
    const first = this.spawn();
    // Until a program takes it over (ProgramProcess replaces both handlers).
    first.port.onmessage = (event: MessageEvent<FromServerWorker>) => event.data.type === 'booted' && this.soonQuiet();
    first.onerror = () => this.soonQuiet();
    this.spares.push(first);
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
   * Replaces the running program with `bundle` (fresh state); resolves once it started or failed. Its
   * PGlite data directories live under `options.storageScope` (default `default`), apart from other scopes'
   * directories of the same name; a run for the checks keeps them in memory (see RunOptions.forChecks).
   */
  async run(bundle: ProgramBundle, options: RunOptions = {}): Promise<ProgramState> {
    const generation = ++this.generation;
    if (this.running) this.terminate(this.running);
    this.running = null;
    if (!options.forChecks) this.checkPgFiles.forget();
    this.setState('starting', []);
    await this.launch(bundle, options, generation);
    return this.current;
  }

  /**
   * Stops the running program, or the one starting (its start is abandoned), and drops the databases kept for
   * the checks: the host is idle, its spares stay booted for the next run.
   */
  stopProgram(): void {
    this.generation += 1;
    if (this.running) this.terminate(this.running);
    this.running = null;
    this.checkPgFiles.forget();
    this.setState('idle', []);
  }

  /**
   * Hands a spare worker (booted, if one is) to another host, the checks': their copies run on this host's spares
   * instead of spares of their own, and the one missing here boots once this host is quiet.
   */
  lendSpare(): ServerWorkerHandle {
    const index = this.spares.findIndex((spare) => !this.databaseAhead?.holds(spare));
    const worker = index === -1 ? this.spawn() : this.spares.splice(index, 1)[0];
    this.refillPending = true;
    this.soonQuiet();
    return worker;
  }

  /** Opens the default database of `scope` ahead in the spare the next run takes (see DatabaseAhead); resolves once asked. */
  async openDatabaseAhead(scope: string): Promise<void> {
    this.databaseAheadScope = scope;
    const { DatabaseAhead } = await import('./database-ahead.ts');
    if (this.databaseAheadScope !== scope) return;
    this.databaseAhead ??= new DatabaseAhead({
      answer: (call, inScope) => this.answerStored(call, inScope),
      booted: () => this.soonQuiet(),
      retire: (worker) => this.retire(worker),
    });
    this.databaseAhead.want(scope, this.spares[0], this.databaseOpenIn.has(scope));
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
    this.quiet();
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

  /** Terminates `running`; its open sockets are closed with PROGRAM_RESTARTED, so clients know to reconnect. */
  private terminate(running: Running): void {
    running.process.terminate();
    for (const peer of running.sockets.values()) peer.close(PROGRAM_RESTARTED.code, PROGRAM_RESTARTED.reason);
    running.sockets.clear();
  }

  private async restart(running: Running): Promise<void> {
    const generation = ++this.generation;
    this.terminate(running);
    this.running = null;
    this.setState('restarting', [...running.origins]);
    await this.launch(running.bundle, running.options, generation);
  }

  private async launch(bundle: ProgramBundle, options: RunOptions, generation: number): Promise<void> {
    const storageScope = options.storageScope ?? 'default';
    let worker = this.spares.shift() ?? this.spawn();
    // The program before this run is stopped: what it had open is closed.
    if (!options.forChecks) this.databaseOpenIn.clear();
    const keepDatabase = this.databaseAhead?.claim(worker, storageScope, options.forChecks === true) ?? null;
    if (keepDatabase) this.databaseOpenIn.add(storageScope);
    if (keepDatabase === false) {
      // Its PGlite read the files of the scope it was opened for, and what it sends may still be on its way.
      worker.terminate();
      worker = this.spares.shift() ?? this.spawn();
    }
    this.refillPending = true;
    const origins = new Set<string>();
    const sockets = new Map<number, PageSocketPeer>();
    const isCurrent = (): boolean => generation === this.generation;
    const process = new ProgramProcess(worker, {
      // The checks' requests are not the learner's: what the program logs for them would read as the learner's own.
      console: (entry) => {
        if (!options.forChecks) this.listeners.console(entry);
      },
      // The program names its data directory; the page decides whose directories it may name.
      call: async (call) => {
        if (call.method !== 'load' && call.method !== 'save') return this.pg(call);
        if (options.forChecks) return this.checkPgFiles.answer(storageScope, call);
        if (call.method === 'load' && call.name === PLAYGROUND_PG_NAME) {
          this.databaseOpenIn.add(storageScope);
          this.databaseAhead?.loaded(storageScope);
        }
        return this.answerStored(call, storageScope);
      },
      socketSend: (id, text) => sockets.get(id)?.send(text),
      socketTrace: (id, trace) => sockets.get(id)?.trace?.(trace),
      socketClose: (id, code, reason) => {
        const peer = sockets.get(id);
        sockets.delete(id);
        peer?.close(code, reason);
      },
      listen: (origin) => {
        // The page's requests to `origin` go to the program from now on: only addresses no real site has.
        if (!mayListenOn(origin, globalThis.location?.origin)) {
          const why = origin === globalThis.location?.origin ? "is the playground's own address" : 'is not a local address';
          this.listeners.console({
            level: 'error',
            text: `startServer: ${origin} ${why}; use localhost, 127.0.0.1, a name ending in .localhost or .test, or a one-word host name.`,
            time: Date.now(),
          });
          return;
        }
        origins.add(origin);
        if (isCurrent() && this.current.status === 'running') this.setState('running', [...origins]);
      },
      unlisten: (origin) => {
        origins.delete(origin);
        if (isCurrent() && this.current.status === 'running') this.setState('running', [...origins]);
      },
    });
    const outcome = await process.start(bundle.code, this.requestTimeoutMs, options.clock, keepDatabase === true);
    // The next run must not start from nothing, but a boot takes a core: it begins once this program started, not
    // beside its start (on two cores it slowed every run's start, a warm reload's first too). The other spares wait
    // until this program answered.
    if (this.spares.length === 0 && this.sparePolicy.bootAtOnce) {
      this.spares.push(this.spawn());
      this.databaseAhead?.spareMade(this.spares[0], (scope) => this.databaseOpenIn.has(scope));
    }
    this.soonQuiet();
    if (!isCurrent()) {
      process.terminate();
      return;
    }
    if (!outcome.ok) {
      process.terminate();
      // The learner's own run of the same code has said so already.
      if (!options.forChecks)
        this.listeners.console({
          level: 'error',
          text: `The program failed to start: ${outcome.message}`,
          stack: outcome.stack,
          time: Date.now(),
        });
      this.setState('crashed', []);
      return;
    }
    this.running = { process, bundle, options, origins, sockets, timedOut: false };
    this.setState('running', [...origins]);
  }

  /** Answers a PGlite call of a learner's program in `scope`: its data directories' names are the scope's own. */
  private answerStored(call: PgCall, scope: string): ReturnType<ProcessEvents['call']> {
    if (call.method !== 'load' && call.method !== 'save') return this.pg(call);
    return this.pg({ ...call, name: `${scope}\u0000${String(call.name)}` });
  }

  /** Stops a spare holding a database nobody will take; a fresh one boots when the host is quiet. */
  private retire(worker: ServerWorkerHandle): void {
    const index = this.spares.indexOf(worker);
    if (index !== -1) this.spares.splice(index, 1);
    worker.terminate();
    this.refillPending = true;
  }

  private refillSpares(): void {
    while (this.spares.length < this.sparePolicy.spares) this.spares.push(this.spawn());
    this.databaseAhead?.spareMade(this.spares[0], (scope) => this.databaseOpenIn.has(scope));
  }

  /** Declares the host quiet QUIET_AFTER_MS from now, unless it is by then. */
  private soonQuiet(): void {
    if (this.refillPending) this.quietTimer ??= setTimeout(() => this.quiet(), QUIET_AFTER_MS);
  }

  /** Boots the missing spares, if any, and tells the owner. */
  private quiet(): void {
    if (!this.refillPending) return;
    this.refillPending = false;
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.refillSpares();
    this.listeners.quiet?.();
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
