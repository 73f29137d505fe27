import { CompilerClient } from '../compiler/compiler-client.ts';
import type { PrebuiltPrograms } from '../compiler/prebuilt-programs.ts';
import { ServerHost, type SparePolicy } from '../server-worker/host/server-host.ts';
import type { answerPgCall } from '../server-worker/host/pg-store.ts';
import type { DatabasePreload } from './database-preload.ts';
import { handedInModuleSource } from '../server-worker/host/handed-in-modules.ts';
import type { PgCall } from '../contract/pg-broker-protocol.ts';
import { spawnServerWorker } from '../server-worker/host/spawn-server-worker.ts';
import { startRequestBridge } from './request-bridge.ts';
import type {
  CompileResult,
  ConsoleEntry,
  DatabaseAheadState,
  PlaygroundEngine,
  ProgramBundle,
  ProgramState,
  RunOptions,
  SocketClass,
} from '../contract/engine-api.ts';
import { fromWireResponse, toWireRequest } from '../contract/wire.ts';
import { hostSocketClass } from './host-socket.ts';
import { Listeners } from './listeners.ts';
import { siteRoot } from './site-root.ts';

/** Milliseconds after the engine's creation at which esbuild starts, if nothing started it sooner. */
const COMPILER_START_MS = 10_000;
/**
 * The checks' host keeps no spares: each round's copy (and a check's restart) runs on a spare of the learner's host
 * (`lendSpare`), booted ahead, so a round starts without a boot and no worker idles for the checks between rounds.
 */
const CHECKS_SPARES: SparePolicy = { spares: 0, bootAtOnce: false };

/** Options of the engine. */
export interface EngineOptions {
  /** Milliseconds a request may take before the program is restarted and a 504 is sent (default 5000). */
  requestTimeoutMs?: number;
  /** The site's root URL, where the service worker script is served; found automatically by default. */
  root?: string | URL;
  /**
   * Start esbuild (3.7 MB compressed) only once the first program (compiled at build time) has answered a
   * request, on the first compile that needs it, or 10 s after start, instead of at once: the playground's
   * page, whose first lesson should not wait behind it on a slow link.
   */
  compilerAfterFirstResponse?: boolean;
  /** The course's programs its build compiled ahead (course.json's `programs`, in `course/programs/`): they run without esbuild. */
  prebuilt?: PrebuiltPrograms;
}

/**
 * Answers a program's call to the page: an optional package's module, or its PGlite's assets, seed (from the site at
 * `root`, or what `preload` holds) and files.
 */
export async function answerCall(call: PgCall, root: URL, preload?: DatabasePreload): ReturnType<typeof answerPgCall> {
  if (call.method === 'module') return { reply: { ok: true, value: await handedInModuleSource(call.name) }, transfer: [] };
  const store = await pgStore();
  // Blobs, not transferred: every program reads the page's one copy.
  if (call.method === 'assets')
    return { reply: { ok: true, value: await (preload?.assetsForProgram() ?? store.pgliteAssets()) }, transfer: [] };
  if (call.method !== 'seed') return store.answerPgCall(call);
  return { reply: { ok: true, value: await (preload?.seedForProgram() ?? store.pgliteSeed(root)) }, transfer: [] };
}

/** The page's side of PGlite, once loaded: stores and loads then queue in the order their messages came. */
let pgStoreLoaded: typeof import('../server-worker/host/pg-store.ts') | null = null;

/** The page's side of PGlite, loaded when a program first uses it: most lessons never do, so the first load goes without. */
const pgStore = () => import('../server-worker/host/pg-store.ts').then((store) => (pgStoreLoaded = store));

/** The playground engine: the compiler worker, the server host and msw's request bridge, wired together. */
export class Engine implements PlaygroundEngine {
  /** Resolves once the compiler is initialized and the service worker controls the page. */
  readonly ready: Promise<void>;
  /** Resolves once msw's service worker controls the page and routes requests to the host (see PlaygroundEngine). */
  readonly serving: Promise<void>;
  /** WebSocket connections to the checks' copy of the program (see PlaygroundEngine.ChecksWebSocket). */
  readonly ChecksWebSocket: SocketClass;
  private readonly compiler: CompilerClient;
  private readonly host: ServerHost;
  private readonly answerCall: (call: PgCall) => ReturnType<typeof answerPgCall>;
  /** The site's root URL (where the seed is). */
  private readonly root: URL;
  /** The database preload, loaded on its first use (a PgService lesson opened): it stays out of the first load. */
  private databasePreload: Promise<DatabasePreload> | null = null;
  /** The checks' host, created on the first run for the checks and kept; null before. */
  private checksHost: ServerHost | null = null;
  private readonly consoleListeners = new Listeners<ConsoleEntry>();
  private readonly stateListeners = new Listeners<ProgramState>();

  /**
   * Starts a warm server worker and msw, and the compiler worker: esbuild once the host is first quiet (or
   * see `compilerAfterFirstResponse`), at the first compile that needs it, or 10 s after start.
   */
  constructor(options: EngineOptions = {}) {
    this.compiler = new CompilerClient(options.prebuilt ? [options.prebuilt] : []);
    const root = options.root === undefined ? siteRoot() : new URL(options.root, location.href);
    this.root = root;
    // A preload whose code failed to load is no preload: the calls fetch as without one. Stores and loads are queued
    // without a wait, so they reach the store in the order the program made them (its writes are behind it).
    this.answerCall = async (call) =>
      pgStoreLoaded && (call.method === 'load' || call.method === 'save')
        ? pgStoreLoaded.answerPgCall(call)
        : answerCall(call, root, (await this.databasePreload?.catch(() => null)) ?? undefined);
    this.host = new ServerHost(
      spawnServerWorker,
      {
        console: (entry) => this.consoleListeners.emit(entry),
        state: (state) => this.stateListeners.emit(state),
        // esbuild's start (a 14 MB wasm compile and a first build) takes a core for a while: not while the
        // first program boots and answers, on a two-core laptop.
        quiet: () => !options.compilerAfterFirstResponse && this.compiler.start(),
      },
      this.answerCall,
    );
    this.ChecksWebSocket = hostSocketClass(() => this.checks());
    if (options.requestTimeoutMs !== undefined) this.requestTimeoutMs = options.requestTimeoutMs;
    const host = this.host;
    const startCompiler = () => this.compiler.start();
    this.serving = startRequestBridge(
      {
        handles: (origin) => host.handles(origin),
        fetch: (request) => host.fetch(request).finally(startCompiler),
        openSocket: (url, peer) => host.openSocket(url, peer),
      },
      root,
    );
    this.ready = Promise.all([this.compiler.ready, this.serving]).then(() => undefined);
    setTimeout(startCompiler, COMPILER_START_MS);
  }

  /**
   * Compiles `files` (path → source; the entry is `main.ts` unless given); never runs them. May be called
   * before `ready`: sources compiled before come from the compile cache without waiting for esbuild.
   */
  compile(files: Record<string, string>, entry = 'main.ts'): Promise<CompileResult> {
    return this.compiler.compile(files, entry);
  }

  /**
   * Replaces the running program with `bundle` (fresh state); resolves once it has started and the
   * service worker routes requests to it, so a `fetch` right after reaches the program. A run for the checks
   * replaces the checks' copy instead, on their own host, and needs no service worker (see RunOptions.forChecks).
   */
  async run(bundle: ProgramBundle, options: RunOptions = {}): Promise<ProgramState> {
    if (options.forChecks) return this.checks().run(bundle, options);
    const [state] = await Promise.all([this.host.run(bundle, options), this.serving]);
    return state;
  }

  /**
   * Sends a request to the checks' copy of the program, straight to its host: the program gets the Request
   * a page fetch would give it (see PlaygroundEngine.fetchForChecks). Rejects when `init.signal` aborts, as fetch does.
   */
  async fetchForChecks(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    // As a page fetch sends it, before the service worker sees it.
    if (!request.headers.has('accept')) request.headers.set('accept', '*/*');
    const aborted = new Promise<never>((_, reject) =>
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error), { once: true }),
    );
    const answered = toWireRequest(request).then((wire) => this.checks().fetch(wire));
    return fromWireResponse(await Promise.race([answered, aborted]));
  }

  /**
   * Fetches PGlite and a new database's seed ahead, then opens the database in a spare (see
   * PlaygroundEngine.prepareDatabase); returns the release.
   */
  prepareDatabase(options: { storageScope?: string } = {}): () => void {
    let released = false;
    const root = this.root;
    const preload = (this.databasePreload ??= Promise.all([import('./database-preload.ts'), pgStore()]).then(
      ([{ DatabasePreload }, store]) => new DatabasePreload(store.pgliteAssets, () => store.pgliteSeed(root)),
    ));
    // Once the playground is up: not in the way of the first program's start, and through the service worker, which
    // then keeps the files for offline use.
    Promise.all([preload, this.ready]).then(
      ([database]) => {
        if (released) return;
        database.start();
        void this.host.openDatabaseAhead(options.storageScope ?? 'default');
      },
      () => undefined,
    );
    return () => {
      released = true;
      this.host.closeDatabaseAhead();
      preload.then(
        (database) => database.drop(),
        () => undefined,
      );
    };
  }

  /** Stops the learner's program, running or starting (see PlaygroundEngine.stopProgram). */
  stopProgram(): void {
    this.host.stopProgram();
  }

  /** Stops the checks' copy of the program, if it runs or is starting (a round ended): its worker and databases are freed. */
  stopChecks(): void {
    this.checksHost?.stopProgram();
    this.host.dropServedDatabase();
  }

  /** The checks' host, created on first use: server workers of its own, lent by the learner's host (the same sandbox frame). */
  private checks(): ServerHost {
    // Nothing of a round reaches the learner: not its console (the kill switch's notes included), nor its state.
    if (!this.checksHost) {
      this.checksHost = new ServerHost(
        () => this.host.lendSpare(),
        { console: () => undefined, state: () => undefined },
        this.answerCall,
        CHECKS_SPARES,
      );
      this.checksHost.requestTimeoutMs = this.host.requestTimeoutMs;
      // One PGlite per lesson: the copy's default database is the learner's program's, in a schema of its own.
      this.checksHost.databaseSource = (scope) => this.host.serveDatabase(scope);
    }
    return this.checksHost;
  }

  /** How far the database opened ahead is (see PlaygroundEngine.databaseAhead). */
  get databaseAhead(): DatabaseAheadState {
    return this.host.databaseAheadState;
  }

  /** The current program state. */
  get state(): ProgramState {
    return this.host.state;
  }

  /** Subscribes to console output; returns an unsubscribe function. */
  onConsole(listener: (entry: ConsoleEntry) => void): () => void {
    return this.consoleListeners.add(listener);
  }

  /** Subscribes to state changes; returns an unsubscribe function. */
  onState(listener: (state: ProgramState) => void): () => void {
    return this.stateListeners.add(listener);
  }

  /** Milliseconds a request may take before the program is restarted and a 504 is sent. */
  get requestTimeoutMs(): number {
    return this.host.requestTimeoutMs;
  }

  set requestTimeoutMs(value: number) {
    this.host.requestTimeoutMs = value;
    if (this.checksHost) this.checksHost.requestTimeoutMs = value;
  }
}
