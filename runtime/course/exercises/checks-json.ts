import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Check } from '../format/check-format.ts';
import { checkIssuesAt, issueWords } from '../format/check-schema.ts';
import { EXERCISE_LIMITS, keyProblem } from './exercise.ts';
import { pathMark, type JsonMark } from '../format/json-mark.ts';

/** The checks' text read: the checks, or what is wrong in words (the first problem) and where each problem is. */
export type ChecksReading = { checks: Check[] } | { problem: string; marks: JsonMark[] };

/**
 * Longest text read. Indented JSON is a few times its compact size, which EXERCISE_LIMITS bounds; past
 * this the text is not parsed at all, so pasting megabytes costs the editor nothing.
 */
export const MAX_CHECKS_TEXT = 4 * EXERCISE_LIMITS.allChecksChars;

/** At most this many syntax errors are marked: one missing quote makes the rest of a text wrong. */
const MAX_SYNTAX_MARKS = 20;

/** jsonc-parser's error codes (its ParseErrorCode, a const enum) in words. */
const SYNTAX_ERRORS: Record<number, string> = {
  1: 'not a JSON value here',
  2: 'not a valid number',
  3: 'a key in double quotes expected',
  4: 'a value expected',
  5: 'a colon expected',
  6: 'a comma expected',
  7: 'a closing } expected',
  8: 'a closing ] expected',
  9: 'nothing may follow the end',
  10: 'comments are not JSON',
  11: 'comments are not JSON',
  12: 'the string is not closed',
  13: 'the number is cut short',
  14: 'not a valid \\u escape',
  15: 'not a valid escape',
  16: 'a character not allowed in a string',
};

/** Line and column (from 1) of `offset` in `text`, for the words of a problem. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** The problem as its words read in the status line: what is wrong, and on which line. */
const withLine = (text: string, mark: JsonMark) => `${mark.message} (line ${lineOf(text, mark.offset)})`;

/** The syntax errors of `text`, or the tree of its JSON; a nesting too deep for the parser counts as an error. */
function parse(text: string): { root: Node } | { errors: JsonMark[] } {
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    // The parser recurses: thousands of nested brackets overflow its stack.
    return { errors: [{ offset: 0, length: 1, message: 'nested too deeply to read' }] };
  }
  if (errors.length > 0 || !root) {
    // The parser may report a second error where it recovers from the first: one mark per place.
    const first = errors.filter((e, i) => errors.findIndex((other) => other.offset === e.offset) === i);
    const marks = first.slice(0, MAX_SYNTAX_MARKS).map((e) => ({
      offset: e.offset,
      length: Math.max(e.length, 1),
      message: SYNTAX_ERRORS[e.error] ?? 'not JSON',
    }));
    return { errors: marks.length > 0 ? marks : [{ offset: 0, length: 1, message: 'a value expected' }] };
  }
  return { root };
}

/**
 * Reads the checks of an exercise from JSON text (a list of checks in the lesson check format) and says
 * what is wrong where: syntax errors at their offset, each schema issue (check-schema.ts) at the key or
 * value its path names, and keys exercises refuse (`__proto__`). The value is JSON.parse's: its
 * `__proto__` keys are own data, never a prototype.
 */
export function readChecksJson(text: string): ChecksReading {
  if (text.length > MAX_CHECKS_TEXT) {
    const message = `longer than ${MAX_CHECKS_TEXT} characters`;
    return { problem: `The checks are ${message}: shorten them.`, marks: [{ offset: MAX_CHECKS_TEXT, length: 1, message }] };
  }
  const parsed = parse(text);
  if ('errors' in parsed) return { problem: `Not JSON: ${withLine(text, parsed.errors[0])}`, marks: parsed.errors };
  const { root } = parsed;
  const value: unknown = JSON.parse(text);
  // Exercises refuse both; the list of checks is one level into the exercise.
  const keys = keyProblem(value, 1);
  if (keys) {
    const unsafe =
      keys.kind === 'key'
        ? pathMark(root, keys.path, true, `"${keys.key}" is not allowed as a key`)
        : pathMark(root, keys.path, false, `nested deeper than ${EXERCISE_LIMITS.nesting} levels`);
    return { problem: `The checks cannot be used: ${withLine(text, unsafe)}.`, marks: [unsafe] };
  }
  if (!Array.isArray(value)) {
    const mark = pathMark(root, [], false, 'the checks are a JSON list');
    return { problem: 'The checks are a JSON list: [ { "title": …, "request": …, "expect": … } ].', marks: [mark] };
  }
  const marks: JsonMark[] = [];
  let problem: string | null = null;
  // The limits a shared exercise holds to, told while editing rather than only when sharing refuses.
  const { checks: most, checkChars, allChecksChars } = EXERCISE_LIMITS;
  if (value.length > most) {
    const mark = pathMark(root, [most], false, `an exercise has at most ${most} checks`);
    return { problem: `The checks cannot be shared: ${withLine(text, mark)}.`, marks: [mark] };
  }
  const sizes = value.map((check) => JSON.stringify(check)?.length ?? 0);
  if (sizes.reduce((sum, size) => sum + size, 0) > allChecksChars) {
    const mark = pathMark(root, [], false, `the checks are longer than ${allChecksChars.toLocaleString('en')} characters together`);
    return { problem: `The checks cannot be shared: ${mark.message}.`, marks: [mark] };
  }
  for (const [i, check] of value.entries()) {
    // A list or a number is no check (valibot would take a list's indexes for unknown keys).
    const notObject = typeof check !== 'object' || check === null || Array.isArray(check);
    const found = notObject ? [{ path: [], onKey: false, message: 'must be a check, an object' }] : checkIssuesAt(check);
    if (sizes[i] > checkChars)
      found.push({ path: [], onKey: false, message: `is longer than ${checkChars.toLocaleString('en')} characters` });
    const issues = found.map((issue) => pathMark(root, [i, ...issue.path], issue.onKey, issueWords(issue)));
    if (issues.length === 0) continue;
    marks.push(...issues);
    problem ??= `Check ${i + 1}: ${[...new Set(issues.map((mark) => withLine(text, mark)))].join('; ')}`;
  }
  return problem === null ? { checks: value as Check[] } : { problem, marks };
}
