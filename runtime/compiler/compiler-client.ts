import type { CompileResult } from '../contract/engine-api.ts';
import { prebuiltProgram, type PrebuiltPrograms } from './prebuilt-programs.ts';
import type { FromCompiler, ToCompiler } from '../contract/compiler-protocol.ts';

type Pending = { resolve: (answer: FromCompiler) => void; reject: (error: Error) => void };

/**
 * The page's handle on the compiler worker: makes it and starts esbuild when asked (or on the first compile it must
 * do), and compiles on request.
 */
export class CompilerClient {
  /** Resolves once esbuild is initialized in the worker (after `start()`). */
  readonly ready: Promise<void>;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private startNow: () => void = () => {};

  /**
   * Makes nothing yet: the worker (its script parsed on a core of its own) is made at the first message, so a page
   * whose program was compiled at build time starts without it; esbuild (3.7 MB compressed) only once `start()` is called.
   * `prebuilt`: the course's programs compiled ahead, beside the playground's own templates.
   */
  constructor(private readonly prebuilt: readonly PrebuiltPrograms[] = []) {
    this.ready = new Promise<void>((resolve) => (this.startNow = resolve))
      .then(() => this.send({ id: 0, type: 'init' }))
      .then(() => undefined);
  }

  /** Starts initializing esbuild in the worker (once). */
  start(): void {
    this.startNow();
  }

  /** Compiles `files` starting at `entry`; a program the build compiled ahead does not wait for esbuild. */
  async compile(files: Record<string, string>, entry: string): Promise<CompileResult> {
    const prebuilt = await prebuiltProgram(files, entry, this.prebuilt);
    if (prebuilt) return prebuilt;
    this.start();
    const answer = await this.send({ id: 0, type: 'compile', files, entry });
    if (answer.type !== 'compiled') throw new Error('The compiler answered out of turn.');
    return answer.result;
  }

  private send(message: ToCompiler): Promise<FromCompiler> {
    const id = this.nextId++;
    const worker = (this.worker ??= this.makeWorker());
    return new Promise<FromCompiler>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    }).then((answer) => {
      if (answer.type === 'error') throw new Error(answer.message);
      return answer;
    });
  }

  private makeWorker(): Worker {
    const worker = new Worker(new URL('./compiler-worker.ts', import.meta.url), { type: 'module', name: 'halo-compiler' });
    worker.onmessage = (event: MessageEvent<FromCompiler>) => {
      const waiter = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      waiter?.resolve(event.data);
    };
    worker.onerror = (event) => {
      const error = new Error(`The compiler worker failed: ${event.message || 'it could not be loaded'}`);
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    return worker;
  }
}
