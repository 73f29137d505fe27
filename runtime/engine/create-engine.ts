import type { PlaygroundEngine } from '../contract/engine-api.ts';
import { Engine } from './engine.ts';
import type { EngineOptions } from './engine.ts';

let engine: Engine | null = null;

/**
 * The page's engine, created on the first call: one compiler worker and one service worker registration
 * per page, however often a component (or React's strict mode) asks. Later calls return the same engine
 * and ignore `options`, except that an explicit `requestTimeoutMs` is applied.
 */
export function createEngine(options: EngineOptions = {}): PlaygroundEngine {
  if (!engine) engine = new Engine(options);
  else if (options.requestTimeoutMs !== undefined) engine.requestTimeoutMs = options.requestTimeoutMs;
  return engine;
}
