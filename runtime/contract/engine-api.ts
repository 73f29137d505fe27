/**
 * The contract between the playground page (web/) and the engine (runtime/engine, compiler,
 * server worker, service worker). The page talks to a running program only through this API and
 * plain `fetch('http://<host>:<port>/…')`, which msw routes to the server worker.
 */

/** A problem found while compiling the learner's program (1-based line and column). */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning';
}

/** The outcome of compiling a set of files. */
export type CompileResult =
  | {
      ok: true;
      durationMs: number;
      warnings: Diagnostic[];
      bundle: ProgramBundle;
      /** True when the bundle came from the compile cache (the same sources were compiled before). */
      cached?: boolean;
      /** True when the site's build compiled it (a lesson's starter or solution, a template): the course's own code. */
      prebuilt?: boolean;
    }
  | { ok: false; durationMs: number; diagnostics: Diagnostic[] };

/** A compiled, runnable program (an ES module with an inline source map). */
export interface ProgramBundle {
  code: string;
  /** Hash of the inputs; equal sources give equal ids. */
  id: string;
}

/** One line of the program's console, or an uncaught error with its stack. */
export interface ConsoleEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
  /** Epoch milliseconds. */
  time: number;
  /** Stack of an error, with frames mapped to the learner's files where possible. */
  stack?: string;
  /** Where in the learner's files it came from, when known. */
  location?: { file: string; line: number; column: number };
}

/** What the running program is doing. */
export interface ProgramState {
  status: 'idle' | 'starting' | 'running' | 'crashed' | 'restarting';
  /** Origins the program registered with `startServer`, e.g. `http://localhost:3000`. */
  origins: string[];
}

/** The database opened ahead for the next run (PlaygroundEngine.prepareDatabase). */
export interface DatabaseAheadState {
  /** `opening` or `open` in a spare server worker, or `none` (not wanted, out of date, or taken by a run). */
  status: 'none' | 'opening' | 'open';
  /** How many times a spare began opening it (again after another program stored it). */
  opened: number;
  /** How many runs started with the database opened ahead for them. */
  taken: number;
}

/** How a program runs. */
export interface RunOptions {
  /**
   * Whose saved databases the program sees (default `"default"`): the page keeps programs' PGlite data
   * directories per scope, so a program run in one scope (a lesson, a stranger's shared code) can neither
   * read nor change the databases of another, whatever data directory name it opens.
   */
  storageScope?: string;
  /**
   * A run for the lesson checks, beside the learner's program, which keeps running and answering: the checks'
   * copy replaces the last one on a host of its own (on spare server workers the learner's host lends it, in
   * the same sandbox), reached only through `fetchForChecks` and `ChecksWebSocket`. Its databases are kept in the page's memory under
   * `storageScope` (empty at a scope's first run, kept across restarts in that scope, dropped with `stopChecks`
   * or another scope), never in the learner's saved ones; its console lines and states are not reported. So the
   * checks neither see nor leave the learner's data, and a Send never waits for them.
   */
  forChecks?: boolean;
  /**
   * The program uses PgService (the page reads its imports): only such a run takes the spare in which the database
   * was opened ahead (`prepareDatabase`); any other leaves it for the run that will.
   */
  usesDatabase?: boolean;
  /**
   * Runs the program with its clock moved (for a maker's replay or a proof: a value that reads the date or the
   * local time shows it changes): `Date.now()` / `new Date()` shifted by `shiftMs`, and local time (`getHours`,
   * `toString`, `new Date(2026, 0, 1)`, `Intl.DateTimeFormat` and `toLocale*String` by default) in `timeZone`.
   * Usually with `forChecks`; a real clock when omitted.
   */
  clock?: ClockShift;
}

/** How a program's clock is moved (RunOptions.clock). */
export interface ClockShift {
  /** Milliseconds added to the real time: `86_400_000` runs the program a day later. Default 0. */
  shiftMs?: number;
  /** The IANA time zone of the program's local time, e.g. `Pacific/Kiritimati` (UTC+14); the page's own when omitted. */
  timeZone?: string;
}

/** A WebSocket class: `new SocketClass(url)` connects as `new WebSocket(url)` would. */
export type SocketClass = new (url: string) => WebSocket;

/** The engine as the page uses it. */
export interface PlaygroundEngine {
  /** Resolves once the compiler is initialized and the service worker controls the page. */
  readonly ready: Promise<void>;
  /**
   * Resolves once the service worker controls the page and routes programs' origins to the engine: from then
   * on a request to one reaches the running program (or the playground's 503), never the network. What a
   * Send waits for; never the compiler.
   */
  readonly serving: Promise<void>;
  /** Compiles `files` (path → source; the entry is `main.ts` unless given); never runs them. */
  compile(files: Record<string, string>, entry?: string): Promise<CompileResult>;
  /** Replaces the running program with `bundle` (fresh state), or the checks' copy (`forChecks`); resolves once it has started. */
  run(bundle: ProgramBundle, options?: RunOptions): Promise<ProgramState>;
  /** Stops the learner's program, running or starting: the state is idle and requests get the playground's 503 at once. */
  stopProgram(): void;
  /**
   * `fetch` to the checks' copy of the program (the last run `forChecks`), never the learner's: straight to its
   * host, without the service worker. The program sees the Request a page fetch gives it (URL, so Host; method,
   * headers with a default `accept: *\/*`, body; no cookies, as no page fetch to a program's origin sends any);
   * the kill switch and `init.signal` apply as to a page fetch; a 503 when the copy does not listen there.
   */
  fetchForChecks(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** WebSocket connections (ws:// on the program's origin) to the checks' copy of the program, never the learner's. */
  readonly ChecksWebSocket: SocketClass;
  /** Stops the checks' copy of the program (a round ended, or its lesson closed); the next run for the checks starts it afresh. */
  stopChecks(): void;
  /**
   * Fetches and inflates PGlite and a new database's seed now, for a program about to use PgService (a lesson about
   * it is open), so no run of such code waits for them; then opens the default database of `storageScope` (default
   * `"default"`) in the spare server worker the next run takes, so that run's PgService finds it open. Returns a
   * function that lets go of them all.
   */
  prepareDatabase(options?: { storageScope?: string }): () => void;
  /** How far the database opened ahead by `prepareDatabase` is, and how many runs kept one (for tools and tests). */
  readonly databaseAhead: DatabaseAheadState;
  /** The current program state. */
  readonly state: ProgramState;
  /** Subscribes to console output; returns an unsubscribe function. */
  onConsole(listener: (entry: ConsoleEntry) => void): () => void;
  /** Subscribes to state changes; returns an unsubscribe function. */
  onState(listener: (state: ProgramState) => void): () => void;
  /** Milliseconds a request may take before the program is restarted and a 504 is sent. */
  requestTimeoutMs: number;
}
