import type { CompileResult, Diagnostic, PlaygroundEngine, ProgramBundle } from '../../runtime/contract/engine-api.ts';
import { createStore, type Store } from '../state/store.ts';
import { sameFiles, type Files } from '../state/files-store.ts';
import { RunHeldError } from './run-held-error.ts';
import { importsPgService } from './imports-pg-service.ts';

/** What the compile-and-run loop last did, for the status line, markers and problems list. */
export interface SessionState {
  /**
   * `held`: the build compiled but has new type errors, so the last good program keeps running. `waiting`: the
   * code may run only after the learner's click (shared code held for consent), which is no failure.
   */
  phase: 'starting' | 'compiling' | 'ok' | 'error' | 'held' | 'waiting' | 'failed';
  /** Duration of the last finished compile. */
  durationMs: number | null;
  /** Errors (when the compile failed) or warnings (when it succeeded) of the last compile. */
  diagnostics: Diagnostic[];
  /** Id of the bundle the engine is serving; it keeps serving while newer code is broken. */
  runningId: string | null;
  /** A failure outside the learner's code (the compiler or the engine threw), or why a `waiting` run waits. */
  failure: string | null;
  /** When the latest program was handed to the engine; older runtime errors belong to older programs. */
  runStartedAt: number;
  /** New type errors of a held build. */
  heldErrors: number;
  /** While a new program starts: whether it first loads the database engine (PGlite), and if it did before. */
  starting: 'program' | 'database' | 'database-again' | null;
  /** The JavaScript esbuild produced in the last successful compile (source map left out), for the "JavaScript" tab. */
  output: string | null;
}

/** The bundle's code without its inline source map, which is a line of base64 no learner wants to read. */
function withoutSourceMap(code: string): string {
  return code.replace(/\/\/# sourceMappingURL=data:\S+\s*$/, '');
}

/** The type errors of one version of the learner's files, each keyed by its file, message and the text of its line. */
export interface TypeCheck {
  /** The files the errors are for (the learner may have typed since). */
  files: Files;
  /** An error on a line the learner did not touch keeps its key. */
  errors: string[];
}

/** Type-checks the code being compiled; null when it cannot be known (no editor). */
export type TypeErrorCheck = () => Promise<TypeCheck | null>;

/** A compile that succeeded. */
type CompiledBuild = Extract<CompileResult, { ok: true }>;

/**
 * Compiles the learner's files on change (at once, one build at a time, the newest edit superseding older ones) or on
 * demand, and runs each good build.
 */
export class ProgramSession {
  readonly store: Store<SessionState> = createStore<SessionState>({
    phase: 'starting',
    durationMs: null,
    diagnostics: [],
    runningId: null,
    failure: null,
    runStartedAt: 0,
    heldErrors: 0,
    starting: null,
    output: null,
  });

  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  /** Builds compiling or type-checking (the steps before a program runs): an edit made meanwhile waits for them. */
  private checking = 0;
  /** The newest edited files, kept while a build is checking; they compile as soon as it is done. */
  private waiting: Files | null = null;
  private engineReady = false;
  /** The bundle last handed to the engine, even if it never finished starting (a loop at top level). */
  private handed: ProgramBundle | null = null;
  /** The files of that bundle. */
  private handedFiles: Files | null = null;
  private typeErrors: TypeErrorCheck | null = null;
  /**
   * Type errors of the program last handed to the engine: a later build with only these still runs. Null
   * while unknown, and then every type error counts as new.
   */
  private acceptedErrors: Set<string> | null = null;
  /** Whether a program using PgService started here: PGlite's 15 MB are then in the browser's cache. */
  private databaseLoaded = false;

  constructor(
    private readonly engine: PlaygroundEngine,
    /** How long an edit waits before it compiles when no build is checking (0: at once, after the current task). */
    private readonly delayMs = 0,
  ) {
    // A rejected `ready` is reported by the compile that awaits it.
    engine.ready.then(
      () => (this.engineReady = true),
      () => undefined,
    );
  }

  /**
   * Compiles an edit without waiting for the learner to pause. While a build is still compiling, the edit
   * supersedes it: that build's result is dropped and the newest files compile once it is done, so keystrokes
   * never queue up in the compiler and only the newest result runs. A slower compile thereby spaces builds out
   * by itself (the delay adapts to the machine).
   */
  schedule(files: Files): void {
    clearTimeout(this.timer);
    if (this.checking > 0) {
      this.waiting = files;
      this.generation += 1;
      return;
    }
    this.timer = setTimeout(() => void this.build(files, false), this.delayMs);
  }

  /** Sets how a build made while typing is checked: one with new type errors does not replace the running program. */
  setTypeErrorCheck(check: TypeErrorCheck | null): void {
    this.typeErrors = check;
    // The editor appears after the first program ran; that program's errors (a starter's TODOs) are accepted.
    // Only when they are its code's: on a slow machine the learner may have typed before the checker started.
    void check?.().then(
      (result) => {
        if (result && this.acceptedErrors === null && this.handedFiles !== null && sameFiles(result.files, this.handedFiles))
          this.acceptedErrors = new Set(result.errors);
      },
      () => undefined,
    );
  }

  /**
   * Compiles immediately and runs the result (Run, Ctrl/Cmd+Enter), type errors or not: a fresh start even
   * when the bundle is the one running, since that program may be stuck. A newer call makes older results stale.
   */
  compileNow(files: Files): Promise<void> {
    return this.build(files, true);
  }

  /** Compiles `files`; a good build runs afresh when `explicit`, else only when it changed and adds no type errors. */
  private async build(files: Files, explicit: boolean): Promise<void> {
    clearTimeout(this.timer);
    // Run compiles what the editor holds now: an edit waiting for an older build is in it.
    if (explicit) this.waiting = null;
    const generation = ++this.generation;
    const stale = () => generation !== this.generation;
    this.store.set({ phase: this.engineReady ? 'compiling' : 'starting' });
    try {
      const checked = await this.compileAndCheck(files, stale);
      if (!checked) return;
      const { result, errors } = checked;
      const accepted = this.acceptedErrors;
      const fresh = (errors ?? []).filter((key) => !accepted?.has(key));
      // Half-typed code (`app.` on its own line) compiles but would crash the program the learner is trying.
      if (!explicit && fresh.length > 0 && this.handed !== null) {
        this.store.set({
          phase: 'held',
          durationMs: result.durationMs,
          diagnostics: result.warnings,
          failure: null,
          heldErrors: fresh.length,
        });
        return;
      }
      this.store.set({ durationMs: result.durationMs, diagnostics: result.warnings, failure: null, heldErrors: 0 });
      if (errors) this.acceptedErrors = new Set(errors);
      if (explicit || result.bundle.id !== this.handed?.id) {
        this.handed = result.bundle;
        this.handedFiles = files;
        const database = importsPgService(files);
        // A database opened ahead (a lesson about PgService is open) is taken as it is: nothing loads or starts.
        const loadsDatabase = database && this.engine.databaseAhead.status !== 'open';
        this.store.set({
          runStartedAt: Date.now(),
          starting: loadsDatabase ? (this.databaseLoaded ? 'database-again' : 'database') : 'program',
        });
        try {
          // Only a program that uses PgService takes the database opened ahead.
          await this.engine.run(result.bundle, { usesDatabase: database });
        } catch (error) {
          this.handed = null; // let the next compile try again
          this.handedFiles = null;
          throw error;
        } finally {
          if (!stale()) this.store.set({ starting: null });
        }
        if (database) this.databaseLoaded = true;
        // An edit made since may be compiling: this program runs all the same until a newer one is handed over.
        if (this.handed === result.bundle) this.store.set({ runningId: result.bundle.id });
        if (stale()) return;
      }
      this.store.set({ phase: 'ok' });
    } catch (error) {
      if (stale()) return;
      // A crash inside esbuild or the engine must surface as a message, never as a blank page.
      this.store.set({
        phase: error instanceof RunHeldError ? 'waiting' : 'failed',
        failure: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** The program the learner's code runs as: the bundle last handed to the engine, null before one was (or after it was refused). */
  get handedBundle(): ProgramBundle | null {
    return this.handed;
  }

  /**
   * The steps before a build runs: compile, then the type check. Null when the build failed (its errors shown) or
   * went stale meanwhile; an edit made during these steps compiles once they are done.
   */
  private async compileAndCheck(files: Files, stale: () => boolean): Promise<{ result: CompiledBuild; errors: string[] | null } | null> {
    this.checking += 1;
    try {
      // The type check (Monaco's TypeScript worker) runs beside the compile (esbuild's worker): an edit waits for
      // the slower of the two, not for both one after the other.
      const typeCheck = this.typeErrors?.().catch(() => null);
      // Not behind `engine.ready`: a program the build compiled ahead runs before esbuild has started.
      const result = await this.engine.compile(files);
      if (stale()) return null;
      if (!result.ok) {
        this.store.set({ phase: 'error', durationMs: result.durationMs, diagnostics: result.diagnostics, failure: null });
        return null;
      }
      this.store.set({ output: withoutSourceMap(result.bundle.code) });
      if (result.prebuilt) {
        // The course's own code ("Use solution", a starter) runs as it is, without waiting for the type check (seconds
        // on a slow laptop); its errors, once known, are the accepted ones, as for any build that ran.
        void typeCheck?.then((check) => !stale() && check && (this.acceptedErrors = new Set(check.errors)));
        return { result, errors: null };
      }
      const errors = (await typeCheck)?.errors ?? null;
      return stale() ? null : { result, errors };
    } finally {
      this.checked();
    }
  }

  /** A build finished checking: the newest edit made meanwhile compiles now. */
  private checked(): void {
    this.checking -= 1;
    const next = this.waiting;
    if (this.checking > 0 || next === null) return;
    this.waiting = null;
    void this.build(next, false);
  }

  /** Stops a pending compile, and drops an edit waiting for one. */
  dispose(): void {
    clearTimeout(this.timer);
    this.waiting = null;
    this.generation += 1;
  }
}
