/** The playground engine: compile learner programs in the browser and run them behind the service worker. */
export { createEngine } from './create-engine.ts';
export type { EngineOptions } from './engine.ts';
export type { CompileResult, ConsoleEntry, Diagnostic, PlaygroundEngine, ProgramBundle, ProgramState, RunOptions } from '../contract/engine-api.ts';
