import type { Check } from '../format/check-format.ts';
import { checkIssues } from '../format/check-schema.ts';
import { isSafeKey } from '../../framework/objects/safe-keys.ts';
import { filesProblem } from './file-names.ts';
import { hash53 } from '../../contract/text-hash.ts';

/** An exercise a teacher made in the playground: instructions, the code to start from, an optional solution, and checks. */
export interface Exercise {
  title: string;
  /** The instructions in Markdown, rendered as lesson text is (raw HTML dropped). */
  text: string;
  starter: Record<string, string>;
  /** A program that passes every check, when the teacher included one. */
  solution: Record<string, string> | null;
  checks: Check[];
}

/** Limits of an exercise from a link or a file: data from anyone, so every part is bounded. */
export const EXERCISE_LIMITS = { title: 200, text: 20_000, checks: 50, checkChars: 20_000, allChecksChars: 200_000, nesting: 32 } as const;

/** An exercise's data that could reach a prototype or nests too deep, and where: the keys and indexes down to it. */
export type KeyProblem = { kind: 'key'; key: string; path: (string | number)[] } | { kind: 'nesting'; path: (string | number)[] };

/**
 * The first object key that could reach a prototype (`__proto__`, `constructor`, `prototype`) anywhere in
 * `value`, or the first value nested deeper than the limit; `depth` is how deep `value` itself is.
 */
export function keyProblem(value: unknown, depth = 0, path: (string | number)[] = []): KeyProblem | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth > EXERCISE_LIMITS.nesting) return { kind: 'nesting', path };
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (!isSafeKey(key)) return { kind: 'key', key, path: at };
    const inner = keyProblem(item, depth + 1, at);
    if (inner) return inner;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with the checks of an exercise, or null. */
function checksProblem(checks: unknown): string | null {
  if (!Array.isArray(checks) || checks.length === 0) return 'The exercise has no list of checks.';
  if (checks.length > EXERCISE_LIMITS.checks) return `An exercise has at most ${EXERCISE_LIMITS.checks} checks.`;
  let total = 0;
  for (const [i, check] of checks.entries()) {
    const size = JSON.stringify(check).length;
    total += size;
    if (size > EXERCISE_LIMITS.checkChars) return `Check ${i + 1} is longer than ${EXERCISE_LIMITS.checkChars} characters.`;
    const issues = checkIssues(check);
    if (issues.length > 0) return `Check ${i + 1}: ${issues[0]}`;
  }
  return total > EXERCISE_LIMITS.allChecksChars
    ? `The checks are longer than ${EXERCISE_LIMITS.allChecksChars} characters together.`
    : null;
}

/**
 * Why `value` is not an exercise (in words), or null when it is one. Untrusted data: unknown keys, a
 * key such as `__proto__` anywhere, texts and checks past their limits and invalid files are refused.
 */
export function exerciseProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'The exercise is not an object.';
  const unknown = Object.keys(value).find((key) => !['title', 'text', 'starter', 'solution', 'checks'].includes(key));
  if (unknown !== undefined) return `The exercise has an unknown part "${unknown}".`;
  const keys = keyProblem(value);
  if (keys) {
    const why = keys.kind === 'key' ? `it holds the key "${keys.key}"` : `it is nested deeper than ${EXERCISE_LIMITS.nesting} levels`;
    return `The exercise cannot be opened: ${why}.`;
  }
  const { title, text, starter, solution, checks } = value;
  if (typeof title !== 'string' || title.trim() === '' || title.length > EXERCISE_LIMITS.title) {
    return `The title must be a text of 1 to ${EXERCISE_LIMITS.title} characters.`;
  }
  if (typeof text !== 'string' || text.length > EXERCISE_LIMITS.text)
    return `The instructions must be a text of at most ${EXERCISE_LIMITS.text} characters.`;
  if (!isRecord(starter)) return 'The exercise has no starter files.';
  const starterProblem = filesProblem(starter, 'main.ts');
  if (starterProblem) return `The starter files are not valid: ${starterProblem}`;
  if (solution !== null && solution !== undefined) {
    if (!isRecord(solution)) return 'The solution is not a set of files.';
    const problem = filesProblem(solution, 'main.ts');
    if (problem) return `The solution files are not valid: ${problem}`;
  }
  return checksProblem(checks);
}

/** `value` as an exercise; throws an Error saying what is wrong. */
export function readExercise(value: unknown): Exercise {
  const problem = exerciseProblem(value);
  if (problem) throw new Error(problem);
  const exercise = value as Exercise;
  return {
    title: exercise.title,
    text: exercise.text,
    starter: exercise.starter,
    solution: exercise.solution ?? null,
    checks: exercise.checks,
  };
}

const PREFIX = 'exercise-';

/** The workspace id of an exercise, from a hash of its content: the same exercise from any link keeps the learner's code and progress. */
export function exerciseId(exercise: Exercise): string {
  return PREFIX + hash53(JSON.stringify([exercise.title, exercise.text, exercise.starter, exercise.solution, exercise.checks]));
}

/** Whether a workspace id names an exercise. */
export function isExerciseId(id: string): boolean {
  return id.startsWith(PREFIX);
}
