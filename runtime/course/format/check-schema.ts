import * as v from 'valibot';
import { locatedIssue, mergeTypos, strictObject as strict, type LocatedIssue } from './strict-object.ts';
import { VALUE_KIND_TYPES, type JsonValue } from './check-format.ts';
import { TRACE_OUTCOMES, TRACE_STEP_KINDS } from '../../framework/tracing/trace-data.ts';

const text = v.string();
const texts = v.union([text, v.array(text)]);
const json: v.GenericSchema<JsonValue> = v.lazy(() =>
  v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(json), v.record(v.string(), json)]),
);
const captures = v.record(
  v.pipe(v.string(), v.regex(/^\w+$/, 'a capture name is letters, digits and _')),
  v.pipe(v.string(), v.minLength(1)),
);
const bound = v.optional(v.pipe(v.number(), v.finite()));
const captureName = v.pipe(v.string(), v.regex(/^\w+$/, 'must name a capture'));
const kindsOf = (types: readonly string[]) => `is not a kind: write { type: "${types[0]}" } or another type (${types.join(', ')})`;
const valueKind = v.variant(
  'type',
  [
    strict({ type: v.picklist(['uuid', 'ulid', 'date-time', 'date', 'time', 'epoch-ms', 'text']) }, 'this kind'),
    strict({ type: v.literal('hex'), length: v.pipe(v.number(), v.integer(), v.minValue(1, 'must be 1 or more')) }, 'a hex kind'),
    strict({ type: v.literal('differs'), capture: v.optional(captureName) }, 'a differs kind'),
    strict({ type: v.picklist(['integer', 'number']), min: bound, max: bound }, 'a number kind'),
    strict({ type: v.literal('equals'), capture: captureName }, 'an equals kind'),
  ],
  kindsOf(VALUE_KIND_TYPES),
);
/** Field kinds by dot path; a path is not empty. */
const kinds = v.record(v.pipe(v.string(), v.minLength(1, 'must name a field by its dot path, like "id" or "items.0.id"')), valueKind);
const file = strict({ filename: text, content: text, contentType: v.optional(text) }, 'a file');

const request = strict(
  {
    method: v.pipe(v.string(), v.regex(/^[A-Z]+$/, 'must be an HTTP method in capitals, like "GET"')),
    path: v.pipe(v.string(), v.startsWith('/', 'must start with /')),
    headers: v.optional(v.record(v.string(), text)),
    body: v.optional(v.union([json, v.record(v.string(), v.union([text, file]))])),
    bodyType: v.optional(v.picklist(['json', 'form', 'multipart', 'text'])),
  },
  'a request',
);
const traceStep = strict(
  { kind: v.optional(v.picklist(TRACE_STEP_KINDS)), name: v.optional(text), outcome: v.optional(v.picklist(TRACE_OUTCOMES)) },
  'a trace step',
);
const trace = strict({ inOrder: v.optional(v.array(traceStep)), absent: v.optional(v.array(traceStep)) }, 'expect.trace');
const expect = strict(
  {
    status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599))),
    headers: v.optional(v.record(v.string(), v.nullable(text))),
    body: v.optional(text),
    bodyIncludes: v.optional(texts),
    bodyExcludes: v.optional(texts),
    json: v.optional(json),
    kinds: v.optional(kinds),
    trace: v.optional(trace),
  },
  'expect',
);
const httpStep = { request, expect, capture: v.optional(captures), restartFirst: v.optional(v.boolean()) };
const socketStep = strict(
  {
    socket: v.pipe(v.string(), v.minLength(1)),
    path: v.optional(v.pipe(v.string(), v.startsWith('/', 'must start with /'))),
    send: v.optional(json),
    expect: v.optional(json),
    kinds: v.optional(kinds),
    capture: v.optional(captures),
  },
  'a WebSocket step',
);
const heading = {
  title: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')),
  kind: v.optional(v.picklist(['task', 'observe'])),
};
/** Listed after the request and steps keys, so an unknown key's message names the common ones first. */
const scoring = { points: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0, 'must be 0 or more'))) };

/**
 * A step is a WebSocket step when it names a `socket`, else an HTTP step: only the step it is meant to be is
 * checked, so a misspelt key of an HTTP step is not also reported as three keys a WebSocket step lacks.
 */
const flowStep = v.lazy((input: unknown) =>
  typeof input === 'object' && input !== null && 'socket' in input ? socketStep : strict(httpStep, 'an HTTP step'),
);

/** A check with one request. */
const SINGLE_CHECK = strict({ ...heading, ...httpStep, ...scoring }, 'a check');
/** A check of several steps. */
const FLOW_CHECK = strict(
  {
    ...heading,
    steps: v.pipe(v.array(flowStep), v.minLength(1, 'must have at least one step')),
    ...scoring,
  },
  'a check of steps',
);

/** One thing wrong with a check, and where: its path runs from the check down. */
export type CheckIssue = LocatedIssue;

/**
 * What is wrong with `value` as one check of the lesson check format (check-format.ts), each issue with
 * where it is; empty when the check is valid. Unknown keys are refused, so a misspelt one is reported
 * instead of being ignored.
 */
export function checkIssuesAt(value: unknown): CheckIssue[] {
  const flow = typeof value === 'object' && value !== null && 'steps' in value;
  const parsed = v.safeParse(flow ? FLOW_CHECK : SINGLE_CHECK, value);
  if (parsed.success) return [];
  // A union (a request body) reports each branch's issues, from the union's own path down.
  const issues = parsed.issues.flatMap((issue) => {
    if (issue.type !== 'union' || !issue.issues) return [locatedIssue(issue)];
    const { path } = locatedIssue(issue);
    return issue.issues.map((inner) => locatedIssue(inner, path));
  });
  return mergeTypos(issues);
}

/** A check issue in words: where (`"expect.status"`, or `"check"` for the whole check) and what is wrong. */
export const issueWords = (issue: CheckIssue) => `"${issue.path.length > 0 ? issue.path.join('.') : 'check'}" ${issue.message}`;

/**
 * What is wrong with `value` as one check of the lesson check format (check-format.ts), in words; empty
 * when it is valid. For checks that arrive as data (a course's `checks.ts` once loaded, an exercise's
 * checks).
 */
export function checkIssues(value: unknown): string[] {
  return [...new Set(checkIssuesAt(value).map(issueWords))];
}
