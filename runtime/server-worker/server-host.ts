import type { ConsoleEntry, ProgramBundle, ProgramState } from '../engine/engine-api.ts';
import { ProgramProcess, type ProcessEvents } from './program-process.ts';
import { mayListenOn } from './program-origin.ts';
import type { WireRequest, WireResponse } from './protocol.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';
import { textResponse } from './wire.ts';

/** What the host reports to its owner. */
export interface HostListeners {
  console(entry: ConsoleEntry): void;
  state(state: ProgramState): void;
}

/** The running program: its process, the bundle it came from, and the origins it registered. */
interface Running {
  process: ProgramProcess;
  bundle: ProgramBundle;
  origins: Set<string>;
  /** Set when the kill switch stopped it; requests still pending on it get a 504 too. */
  timedOut: boolean;
}

/** The default time a request may take before the program is restarted. */
const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
/**
 * Server workers kept booted ahead of need. Booting one (a fresh JavaScript engine loading the framework)
 * can take longer than a quick edit-compile-run cycle, so one spare is not always ready in time.
 */
const SPARE_WORKERS = 2;

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
  private readonly known = new Set<string>();
  private settledWaiters: (() => void)[] = [];

  /** Uses `spawn` to create server workers and `pg` to answer their PGlite; boots the spares at once. */
  constructor(
    private readonly spawn: () => ServerWorkerHandle,
    private readonly listeners: HostListeners,
    private readonly pg: ProcessEvents['call'],
  ) {
    this.refillSpares();
  }

  /** The program's state. */
  get state(): ProgramState {
    return this.current;
  }

  /** True for origins any program of this page registered: their requests never go to the network. */
  handles(origin: string): boolean {
    return this.known.has(origin);
  }

  /** Replaces the running program with `bundle` (fresh state); resolves once it started or failed. */
  async run(bundle: ProgramBundle): Promise<ProgramState> {
    const generation = ++this.generation;
    this.running?.process.terminate();
    this.running = null;
    this.setState('starting', []);
    await this.launch(bundle, generation);
    return this.current;
  }

  /** Answers `request` with the running program, the kill switch armed. */
  async fetch(request: WireRequest): Promise<WireResponse> {
    await this.settled();
    const running = this.running;
    const url = new URL(request.url);
    if (!running || !running.origins.has(url.origin)) {
      return textResponse(503, `No program is listening on ${url.origin}. Run a program that calls startServer('${url.hostname}', ${url.port || 80}).`);
    }
    const timeoutMs = this.requestTimeoutMs;
    const response = await running.process.request(request, timeoutMs);
    if (response) return response;
    if (!running.timedOut && running === this.running) {
      running.timedOut = true;
      this.listeners.console({ level: 'error', text: `${request.method} ${url.pathname} got no response within ${timeoutMs} ms: the program was restarted.`, time: Date.now() });
      void this.restart(running);
    }
    if (!running.timedOut) return textResponse(503, 'The program was replaced before it answered.');
    return textResponse(
      504,
      `The program did not answer within ${timeoutMs} ms, so it was stopped and restarted. ` +
        `Look for an endless loop or a promise that never settles in the handler for ${request.method} ${url.pathname}.`,
    );
  }

  private async restart(running: Running): Promise<void> {
    const generation = ++this.generation;
    running.process.terminate();
    this.running = null;
    this.setState('restarting', [...running.origins]);
    await this.launch(running.bundle, generation);
  }

  private async launch(bundle: ProgramBundle, generation: number): Promise<void> {
    const worker = this.spares.shift() ?? this.spawn();
    this.refillSpares();
    const origins = new Set<string>();
    const isCurrent = (): boolean => generation === this.generation;
    const process = new ProgramProcess(worker, {
      console: (entry) => this.listeners.console(entry),
      call: (call) => this.pg(call),
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
        this.known.add(origin);
        if (isCurrent() && this.current.status === 'running') this.setState('running', [...origins]);
      },
      unlisten: (origin) => {
        origins.delete(origin);
        if (isCurrent() && this.current.status === 'running') this.setState('running', [...origins]);
      },
    });
    const outcome = await process.start(bundle.code, this.requestTimeoutMs);
    if (!isCurrent()) {
      process.terminate();
      return;
    }
    if (!outcome.ok) {
      process.terminate();
      this.listeners.console({ level: 'error', text: `The program failed to start: ${outcome.message}`, stack: outcome.stack, time: Date.now() });
      this.setState('crashed', []);
      return;
    }
    this.running = { process, bundle, origins, timedOut: false };
    this.setState('running', [...origins]);
  }

  private refillSpares(): void {
    while (this.spares.length < SPARE_WORKERS) this.spares.push(this.spawn());
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
