import type { Diagnostic, PlaygroundEngine } from '../../runtime/engine/engine-api.ts';
import { createStore, type Store } from '../state/store.ts';
import type { Files } from '../state/files-store.ts';

/** What the compile-and-run loop last did, for the status line, markers and problems list. */
export interface SessionState {
  phase: 'starting' | 'compiling' | 'ok' | 'error' | 'failed';
  /** Duration of the last finished compile. */
  durationMs: number | null;
  /** Errors (when the compile failed) or warnings (when it succeeded) of the last compile. */
  diagnostics: Diagnostic[];
  /** Id of the bundle the engine is serving; it keeps serving while newer code is broken. */
  runningId: string | null;
  /** A failure outside the learner's code: the compiler or the engine threw. */
  failure: string | null;
  /** When the latest program was handed to the engine; older runtime errors belong to older programs. */
  runStartedAt: number;
}

/** Compiles the learner's files on change (debounced) or on demand, and runs each good build. */
export class ProgramSession {
  readonly store: Store<SessionState> = createStore<SessionState>({
    phase: 'starting',
    durationMs: null,
    diagnostics: [],
    runningId: null,
    failure: null,
    runStartedAt: 0,
  });

  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private engineReady = false;
  /** The bundle last handed to the engine, even if it never finished starting (a loop at top level). */
  private handedId: string | null = null;

  constructor(
    private readonly engine: PlaygroundEngine,
    private readonly debounceMs = 400,
  ) {
    // A rejected `ready` is reported by the compile that awaits it.
    engine.ready.then(() => (this.engineReady = true), () => undefined);
  }

  /** Compiles after the learner pauses typing. */
  schedule(files: Files): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.build(files, false), this.debounceMs);
  }

  /**
   * Compiles immediately and runs the result (Run, Ctrl/Cmd+Enter): a fresh start even when the bundle
   * is the one running, since that program may be stuck. A newer call makes older results stale.
   */
  compileNow(files: Files): Promise<void> {
    return this.build(files, true);
  }

  /** Compiles `files` and runs a good build: always when `restart`, else only when it changed. */
  private async build(files: Files, restart: boolean): Promise<void> {
    clearTimeout(this.timer);
    const generation = ++this.generation;
    const stale = () => generation !== this.generation;
    this.store.set({ phase: this.engineReady ? 'compiling' : 'starting' });
    try {
      // Not behind `engine.ready`: a program the build compiled ahead runs before esbuild has started.
      const result = await this.engine.compile(files);
      if (stale()) return;
      if (!result.ok) {
        this.store.set({ phase: 'error', durationMs: result.durationMs, diagnostics: result.diagnostics, failure: null });
        return;
      }
      this.store.set({ durationMs: result.durationMs, diagnostics: result.warnings, failure: null });
      if (restart || result.bundle.id !== this.handedId) {
        this.handedId = result.bundle.id;
        this.store.set({ runStartedAt: Date.now() });
        try {
          await this.engine.run(result.bundle);
        } catch (error) {
          this.handedId = null; // let the next compile try again
          throw error;
        }
        if (stale()) return;
        this.store.set({ runningId: result.bundle.id });
      }
      this.store.set({ phase: 'ok' });
    } catch (error) {
      if (stale()) return;
      // A crash inside esbuild or the engine must surface as a message, never as a blank page.
      this.store.set({ phase: 'failed', failure: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Stops a pending debounced compile. */
  dispose(): void {
    clearTimeout(this.timer);
    this.generation += 1;
  }
}
