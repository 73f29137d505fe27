import type { CompileResult } from './engine-api.ts';

/** Messages the page sends to the compiler worker; each carries an id its answer repeats. */
export type ToCompiler = { id: number; type: 'init' } | { id: number; type: 'compile'; files: Record<string, string>; entry: string };

/** The compiler worker's answers. */
export type FromCompiler =
  { id: number; type: 'ready' } | { id: number; type: 'compiled'; result: CompileResult } | { id: number; type: 'error'; message: string };
