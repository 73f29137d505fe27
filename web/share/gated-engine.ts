import type { PlaygroundEngine, ProgramBundle, ProgramState } from '../../runtime/engine/engine-api.ts';
import { shareStore } from './share-store.ts';

/**
 * The engine with one difference: while shared code is held, `run` waits for the learner's click on
 * "Run shared code". Compiling stays free (esbuild never executes the code), so problems show at once;
 * every way of running — edits, the Run button, Ctrl/Cmd+Enter — passes through here.
 */
export function gateRuns(engine: PlaygroundEngine): PlaygroundEngine {
  let latest = 0;
  const released = () =>
    new Promise<void>((resolve) => {
      if (!shareStore.get().held) return resolve();
      const off = shareStore.subscribe(() => {
        if (shareStore.get().held) return;
        off();
        resolve();
      });
    });
  const run = async (bundle: ProgramBundle): Promise<ProgramState> => {
    const ticket = ++latest;
    await released();
    // Programs queued behind the hold are stale once a newer one is: only the newest starts.
    if (ticket !== latest) return engine.state;
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
