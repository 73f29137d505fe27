import type {
  CompileResult,
  ConsoleEntry,
  DatabaseAheadState,
  PlaygroundEngine,
  ProgramBundle,
  ProgramState,
  RunOptions,
  SocketClass,
} from '../../runtime/contract/engine-api.ts';

/** An in-memory engine for UI logic tests: "compiles" by looking for the word `BROKEN`. */
export class FakeEngine implements PlaygroundEngine {
  ready = Promise.resolve();
  requestTimeoutMs = 5_000;

  /** Here the request routing is ready when the engine is: tests hold or fail both through `ready`. */
  get serving(): Promise<void> {
    return this.ready;
  }
  state: ProgramState = { status: 'idle', origins: [] };
  runs: ProgramBundle[] = [];
  /** The storage scope of each run, in order. */
  storageScopes: (string | undefined)[] = [];
  /** The options of each run, in order. */
  runOptions: RunOptions[] = [];
  compiles = 0;
  /** How often the checks' copy was stopped. */
  checksStopped = 0;
  /** No WebSocket steps here: the fake's programs are strings. */
  readonly ChecksWebSocket = class {
    constructor() {
      throw new Error('the fake engine has no WebSockets');
    }
  } as unknown as SocketClass;
  /** When set, compile throws this (a crash inside esbuild). */
  crash: Error | null = null;
  private consoleListeners = new Set<(e: ConsoleEntry) => void>();
  private stateListeners = new Set<(s: ProgramState) => void>();

  async compile(files: Record<string, string>): Promise<CompileResult> {
    this.compiles += 1;
    if (this.crash) throw this.crash;
    const source = files['main.ts'] ?? '';
    const line = source.split('\n').findIndex((l) => l.includes('BROKEN'));
    if (line >= 0) {
      return {
        ok: false,
        durationMs: 3,
        diagnostics: [{ file: 'main.ts', line: line + 1, column: 1, message: 'Unexpected "BROKEN"', severity: 'error' }],
      };
    }
    return { ok: true, durationMs: 5, warnings: [], bundle: { code: source, id: `id:${source}` } };
  }

  async run(bundle: ProgramBundle, options: RunOptions = {}): Promise<ProgramState> {
    // The real engine's run waits for its request bridge (`serving`); compile does not.
    await this.serving;
    this.runs.push(bundle);
    this.storageScopes.push(options.storageScope);
    this.runOptions.push(options);
    const running: ProgramState = { status: 'running', origins: ['http://localhost:3000'] };
    // The checks' copy runs beside the learner's program: the learner's state does not change.
    if (options.forChecks) return running;
    this.setState(running);
    return this.state;
  }

  /** The checks' requests reach the page's fetch, which a test stubs as "the program". */
  fetchForChecks(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    return globalThis.fetch(input, init);
  }

  stopProgram(): void {
    this.setState({ status: 'idle', origins: [] });
  }

  private setState(state: ProgramState): void {
    this.state = state;
    for (const l of this.stateListeners) l(state);
  }

  stopChecks(): void {
    this.checksStopped += 1;
  }

  /** How many database preloads are held now (prepared and not released). */
  databasesPrepared = 0;

  /** The database opened ahead, as a test sets it. */
  databaseAhead: DatabaseAheadState = { status: 'none', opened: 0, taken: 0 };

  prepareDatabase(): () => void {
    this.databasesPrepared += 1;
    return () => (this.databasesPrepared -= 1);
  }

  onConsole(listener: (entry: ConsoleEntry) => void): () => void {
    this.consoleListeners.add(listener);
    return () => this.consoleListeners.delete(listener);
  }

  onState(listener: (state: ProgramState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Emits a console entry as the program would. */
  log(entry: ConsoleEntry): void {
    for (const l of this.consoleListeners) l(entry);
  }
}
