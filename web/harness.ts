/**
 * The engine harness page: exposes the playground engine as `window.__halo` for the end-to-end tests
 * and the browser benchmark, which drive it through Playwright. It runs no learner code itself.
 */
import { createEngine } from '../runtime/engine/index.ts';
import type { ConsoleEntry, PlaygroundEngine, ProgramState } from '../runtime/engine/index.ts';
import { answerPgCall, MAX_STORED_PG_BYTES } from '../runtime/engine/saved-databases.ts';

/** What the harness puts on `window.__halo`. */
interface HaloHarness {
  engine: PlaygroundEngine;
  /** The engine factory, to check that asking again returns the same engine. */
  createEngine: typeof createEngine;
  /** Every console entry of every program since the page loaded. */
  console: ConsoleEntry[];
  /** Every state the engine reported since the page loaded. */
  states: ProgramState[];
  /** The framework itself, loaded on demand, for measuring `app.fetch` without the engine in between. */
  loadFramework(): Promise<typeof import('../runtime/browser/index.ts')>;
  /** The page's store of programs' database files, as a program's PGlite calls it. */
  pgStore: { answerPgCall: typeof answerPgCall; maxBytes: number };
}

declare global {
  interface Window {
    __halo: HaloHarness;
  }
}

const timeout = Number(new URLSearchParams(location.search).get('timeout')) || undefined;
const engine = createEngine({ requestTimeoutMs: timeout });
const harness: HaloHarness = {
  engine,
  createEngine,
  console: [],
  states: [],
  loadFramework: () => import('../runtime/browser/index.ts'),
  pgStore: { answerPgCall, maxBytes: MAX_STORED_PG_BYTES },
};
engine.onConsole((entry) => harness.console.push(entry));
engine.onState((state) => harness.states.push(state));
window.__halo = harness;
