/** The playground engine: compile learner programs in the browser and run them behind the service worker. */
export { createEngine } from './create-engine.ts';
export type { CompileResult, ConsoleEntry, PlaygroundEngine, ProgramState } from '../contract/engine-api.ts';
