import type { CompileResult, PlaygroundEngine, ProgramBundle, ProgramState, RunOptions } from '../../runtime/contract/engine-api.ts';
import type { WorkspacePart } from '../lessons/workspace-store.ts';
import { RunHeldError } from '../engine/run-held-error.ts';

/** The message a run refused while shared code waits shows in the status line. */
export const HELD_MESSAGE = 'Shared code runs only after you click “Run shared code”.';

/**
 * Whose saved databases a run may see: each workspace (lesson, free playground) has its own, and shared
 * code the learner has not kept has one apart from all of them, so a stranger's program cannot read or
 * change what the learner's programs stored.
 */
function storageScopeNow({ workspaceStore }: Pick<WorkspacePart, 'workspaceStore'>): string {
  const { active, unchosen } = workspaceStore.get();
  return unchosen ? 'shared-code' : `workspace:${active}`;
}

/**
 * The engine with one difference: while shared code is held, `run` refuses. Compiling stays free
 * (esbuild never executes the code), so problems show at once; every way of running — edits, the Run
 * button, Ctrl/Cmd+Enter, lesson checks — passes through here. A bundle compiled while code was held
 * never runs, even once the hold ends: "Back to my code" must not let a build of the shared code that
 * was still in flight start afterwards. "Run shared code" compiles afresh (see shared-code-banner.tsx).
 * Every run gets the storage scope of what is shown ({@link storageScopeNow}), whatever the caller asked; a
 * run for the checks gets a memory scope within it. The moment code is held, the program running before stops: a
 * request to its address gets the playground's 503 at once, as in a fresh tab, never the previous program's answer
 * (which a learner would take for the shared program's).
 */
export function gateRuns(engine: PlaygroundEngine, workspace: Pick<WorkspacePart, 'workspaceStore'>): PlaygroundEngine {
  const isHeld = () => workspace.workspaceStore.get().unchosen?.held === true;
  // Bundle objects, not ids: ids hash the sources, and the learner may choose to run the same code later.
  const heldBuilds = new WeakSet<ProgramBundle>();
  let wasHeld = isHeld();
  workspace.workspaceStore.subscribe(() => {
    const held = isHeld();
    if (held && !wasHeld && engine.state.status !== 'idle') engine.stopProgram();
    wasHeld = held;
  });
  const compile = async (...args: Parameters<PlaygroundEngine['compile']>): Promise<CompileResult> => {
    const heldBefore = isHeld();
    const result = await engine.compile(...args);
    if (result.ok && (heldBefore || isHeld())) heldBuilds.add(result.bundle);
    return result;
  };
  const run = (bundle: ProgramBundle, options: RunOptions = {}): Promise<ProgramState> => {
    if (isHeld() || heldBuilds.has(bundle)) return Promise.reject(new RunHeldError(HELD_MESSAGE));
    const scope = storageScopeNow(workspace);
    // A check run's databases live in memory only: its scope is the caller's, within the workspace's.
    if (options.forChecks) {
      const clock = options.clock ? { clock: options.clock } : {};
      return engine.run(bundle, { storageScope: `${scope}\u0000${options.storageScope ?? ''}`, forChecks: true, ...clock });
    }
    return engine.run(bundle, { storageScope: scope, ...(options.usesDatabase ? { usesDatabase: true } : {}) });
  };
  // The database opened ahead is the one the next run sees: the workspace's.
  const prepareDatabase = () => engine.prepareDatabase({ storageScope: storageScopeNow(workspace) });
  return new Proxy(engine, {
    get: (target, key) => {
      if (key === 'run') return run;
      if (key === 'compile') return compile;
      if (key === 'prepareDatabase') return prepareDatabase;
      const value: unknown = Reflect.get(target, key, target);
      // Bound to the engine itself: its methods may use private fields, which a proxy receiver lacks.
      return typeof value === 'function' ? ((value as (...args: unknown[]) => unknown).bind(target) as unknown) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
}
