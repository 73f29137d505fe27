import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';

/** Where a problem was reported from. */
export type ProblemSource = 'compile' | 'types' | 'runtime';

/** One entry of the problems list. */
export interface Problem {
  source: ProblemSource;
  severity: 'error' | 'warning';
  file: string;
  line: number;
  column: number;
  message: string;
}

/** Marker owners in Monaco, one per problem source. */
export const MARKER_OWNERS: Record<ProblemSource, string> = {
  compile: 'esbuild',
  types: 'typescript',
  runtime: 'runtime',
};

/** The problems part of the playground state. */
export type ProblemsPart = ReturnType<typeof createProblemsState>;

/** Creates the problems currently shown: every editor marker, mirrored by the editor. */
export function createProblemsState() {
  return { problemsStore: createStore<{ problems: Problem[] }>({ problems: [] }) };
}

/** The problems part of the playground state, for components. */
export const useProblems = stateHook<ProblemsPart>('problems');

/**
 * Orders problems by line and drops a type-checker report on a line esbuild already reported,
 * so one syntax error is not listed twice in two wordings.
 */
export function mergeProblems(problems: Problem[]): Problem[] {
  const compiledLines = new Set(problems.filter((p) => p.source === 'compile').map((p) => `${p.file}:${p.line}`));
  return problems
    .filter((p) => p.source !== 'types' || !compiledLines.has(`${p.file}:${p.line}`))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}
