/**
 * The lesson check format: what a lesson's `checks.ts` exports. Platform-neutral (no Node, no DOM),
 * so the playground page and the Node tests read the same checks.
 *
 * A lesson folder `lessons/NN-slug/` holds `lesson.md` (frontmatter `title`, `summary`, `covers`),
 * `starter.ts`, `solution.ts` and `checks.ts` (`export default defineChecks([...])`).
 */

import type { BodyType } from '../../contract/http-request.ts';
import type { TraceOutcome, TraceStepKind } from '../../framework/tracing/trace-data.ts';

/** How a check's request body is encoded; the matching content-type header is set for you. */
export type CheckBodyType = Extract<BodyType, 'json' | 'form' | 'multipart' | 'text'>;

/** A file part of a multipart body. */
export interface CheckFile {
  /** File name sent with the part. */
  filename: string;
  /** The file's text content. */
  content: string;
  /** Content type of the part; `text/plain` when omitted. */
  contentType?: string;
}

/** A JSON value, as a check may send or expect it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One HTTP request a check sends. `{{name}}` in any string of a step (request or expect) is replaced by a captured value. */
export interface CheckRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Path plus query string, e.g. `/todos?done=true`. */
  path: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** The body: any JSON value for `json`, a field map for `form`/`multipart`, a string for `text`. */
  body?: JsonValue | Record<string, string | CheckFile>;
  /**
   * How to encode `body`. Defaults: `text` for a string body, `json` otherwise. Given without a body,
   * the content type is still sent, with an empty body.
   */
  bodyType?: CheckBodyType;
}

/** What the response must look like; every field given is compared, the others are ignored. */
export interface CheckExpect {
  /** Exact status code. */
  status?: number;
  /**
   * Response headers by name (any case). A string must occur in the header's value (case-insensitive),
   * so `application/json` matches `application/json; charset=utf-8`; `null` means the header is absent.
   */
  headers?: Record<string, string | null>;
  /** The exact body text. */
  body?: string;
  /** Text(s) the body must contain. */
  bodyIncludes?: string | string[];
  /** Text(s) the body must not contain. */
  bodyExcludes?: string | string[];
  /**
   * The body parsed as JSON must match this partially: objects need the listed keys (others are
   * ignored), arrays need the same length with each element matching, other values must be equal.
   */
  json?: JsonValue;
  /**
   * Fields of the JSON body checked by their kind rather than their value, by dot path (`id`,
   * `items.0.createdAt`): for values that change from run to run (a generated id, the time), which
   * `json` cannot compare. A field given here must be present and of its kind; `json` may list it too.
   */
  kinds?: Record<string, ValueKind>;
  /** What the program must have run for this request, as its Trace tab shows it. */
  trace?: TraceExpect;
}

/**
 * What a field must be, rather than which value (see `CheckExpect.kinds`):
 * - `uuid`: a UUID (`8-4-4-4-12` hex digits, any version);
 * - `ulid`: a ULID (26 characters of Crockford base 32, the first 0 to 7);
 * - `hex`: exactly `length` hex digits (a sha256 digest is 64);
 * - `date-time`: an ISO 8601 date and time that exists (`2026-11-26T03:40:00.123Z`, an offset or none);
 * - `date`: a date alone that exists (`2026-11-26`);
 * - `time`: a time of day as a local clock shows it (`14:05`, `14:05:07`, `2:05:07 PM`);
 * - `epoch-ms`: an integer of milliseconds since 1970 between 2000-01-01 and 2100-01-01 (`Date.now()`);
 * - `integer`, `number`: a JSON number (an integer for `integer`), within `min` and `max` when given;
 * - `text`: a string with something other than spaces in it;
 * - `differs`: present and different from the same field of the check's previous answer (the step
 *   before's JSON body or WebSocket message), or with `capture`, from the value an earlier step captured: a
 *   fresh id for every request ("changes on every create");
 * - `equals`: equal to the value an earlier step captured under `capture` (see `CheckStep.capture`).
 */
export type ValueKind =
  | { type: 'uuid' }
  | { type: 'ulid' }
  | { type: 'hex'; length: number }
  | { type: 'date-time' }
  | { type: 'date' }
  | { type: 'time' }
  | { type: 'epoch-ms' }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'text' }
  | { type: 'differs'; capture?: string }
  | { type: 'equals'; capture: string };

/** The kinds a field can be checked as, in the order a maker lists them. */
export const VALUE_KIND_TYPES = [
  'uuid',
  'ulid',
  'hex',
  'date-time',
  'date',
  'time',
  'epoch-ms',
  'integer',
  'number',
  'text',
  'differs',
  'equals',
] as const satisfies readonly ValueKind['type'][];

/** A step of a request's trace a check looks for: every field given must match (`name` exactly, e.g. `requireUser`, `todos.create`, `before created`). */
export interface TraceStepMatch {
  /** `route`, `middleware`, `handler`, `body`, `service`, `hook`, `method` or `error-handler`. */
  kind?: TraceStepKind;
  /** The step's name as the Trace tab shows it. */
  name?: string;
  /** How it ended: `continue`, `stop`, `sent`, `threw`, `skipped`, `changed`, `cancelled` or `done`. */
  outcome?: TraceOutcome;
}

/** What a request's trace must show ("middleware `requireUser` ran before `todos.create`"). */
export interface TraceExpect {
  /** Steps that must all appear, in this order (other steps may run between them). */
  inOrder?: TraceStepMatch[];
  /** Steps that must not appear. */
  absent?: TraceStepMatch[];
}

/** One request of a check and what its response must look like. */
export interface CheckStep {
  /** The request to send. */
  request: CheckRequest;
  /** What the response must look like. */
  expect: CheckExpect;
  /** Values to remember for later steps of the same check: name → dot path into the JSON body (`id`, `data.0.id`). */
  capture?: Record<string, string>;
  /** Restart the program (stop it, start it again) before sending the request: what it stored must survive. */
  restartFirst?: boolean;
}

/**
 * One WebSocket step of a flow, on the connection named `socket` (opened at `path` when the check
 * first names it, closed when the check ends): sends `send`, then (if given) waits for the next
 * message matching `expect` — messages that do not match are skipped, as a client ignores events it
 * does not need. `{{name}}` works as in HTTP steps; `capture` reads the matching message.
 */
export interface SocketStep {
  /** The connection's name within the check (`alice`, `bob`): two names are two connections. */
  socket: string;
  /** The WebSocket path on the program's origin. Default `/ws`. */
  path?: string;
  /** A message to send (as JSON text). */
  send?: JsonValue;
  /** A message to wait for, matched partially as `expect.json` is. */
  expect?: JsonValue;
  /** Fields of the expected message checked by their kind, by dot path (`result.id`), as `CheckExpect.kinds`. */
  kinds?: Record<string, ValueKind>;
  /** Values to remember from the matching message: name → dot path (`result.id`). */
  capture?: Record<string, string>;
}

/** A step of a flow: an HTTP request or a WebSocket step. */
export type FlowStep = CheckStep | SocketStep;

/**
 * What a check is for. `task` (the default): something the learner has to make true, so it fails on the
 * starter. `observe`: behaviour the starter already has, which the lesson asks the learner to look at
 * (and which the task must not break), so it passes on the starter.
 */
export type CheckKind = 'task' | 'observe';

/** What every check has, whichever form it is written in. */
interface CheckHeading {
  /** What the learner should achieve, phrased as a goal ("GET / answers Hello, world!"). */
  title: string;
  /** `observe` for a check the starter already passes; `task` when omitted. */
  kind?: CheckKind;
  /** What passing the check is worth in a class's export (the classroom's CSV); none when omitted. */
  points?: number;
}

/** A check with a single request. */
export interface SingleCheck extends CheckHeading, CheckStep {}

/** A check made of several requests run in order (a flow: create, then read). */
export interface FlowCheck extends CheckHeading {
  /** The steps, in order; the flow stops at the first step that fails. */
  steps: FlowStep[];
}

/** One automatic check of a lesson. */
export type Check = SingleCheck | FlowCheck;

/** Types a lesson's list of checks (an identity function, so checks.ts files stay plain data). */
export function defineChecks(checks: Check[]): Check[] {
  return checks;
}

/** The check's kind: `task` unless it says `observe`. */
export function kindOf(check: Check): CheckKind {
  return check.kind ?? 'task';
}

/** Every step of a check, whichever form it was written in. */
export function flowStepsOf(check: Check): FlowStep[] {
  return 'steps' in check
    ? check.steps
    : [{ request: check.request, expect: check.expect, capture: check.capture, restartFirst: check.restartFirst }];
}

/** True for a WebSocket step. */
export function isSocketStep(step: FlowStep): step is SocketStep {
  return 'socket' in step;
}

/** The HTTP steps of a check (its WebSocket steps left out). */
export function stepsOf(check: Check): CheckStep[] {
  return flowStepsOf(check).filter((step): step is CheckStep => !isSocketStep(step));
}
