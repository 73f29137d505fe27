import type { PlaygroundEngine, ProgramBundle, ProgramState } from '../../runtime/engine/engine-api.ts';
import { shareStore } from './share-store.ts';

/** The message a run refused while shared code waits shows in the status line. */
export const HELD_MESSAGE = 'Shared code runs only after you click “Run shared code”.';

/**
 * The engine with one difference: while shared code is held, `run` refuses. Compiling stays free
 * (esbuild never executes the code), so problems show at once; every way of running — edits, the Run
 * button, Ctrl/Cmd+Enter, lesson checks — passes through here. The release compiles and runs afresh
 * (see start-sharing.ts), so no refused run needs to be remembered.
 */
export function gateRuns(engine: PlaygroundEngine): PlaygroundEngine {
  const run = (bundle: ProgramBundle): Promise<ProgramState> => {
    if (shareStore.get().held) return Promise.reject(new Error(HELD_MESSAGE));
    return engine.run(bundle);
  };
  return new Proxy(engine, {
    get: (target, key) => {
      if (key === 'run') return run;
      const value: unknown = Reflect.get(target, key, target);
      // Bound to the engine itself: its methods may use private fields, which a proxy receiver lacks.
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
}
