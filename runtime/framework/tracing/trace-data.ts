/**
 * The trace of one request as data (JSON): what the playground's Trace tab shows, what Node prints with
 * `HALO_TRACE=1` and what a lesson check's `expect.trace` reads. Plain values only, so it crosses any wire.
 */

/**
 * What a step of a trace was: `route` (a matching route, its method, pattern and params; its middleware
 * and handler nest in it), `middleware` (a handler that runs before a route's own), `handler` (a route's
 * own handler), `body` (`req.parseBody()`: type, bytes, outcome), `service` (a service method a client
 * called through a provider: path, method, id, via, query), `hook` (a before- or after-hook), `method`
 * (the service's own method, between its hooks), `error-handler` (`app.errorHandler` answering a throw).
 */
export const TRACE_STEP_KINDS = ['route', 'middleware', 'handler', 'body', 'service', 'hook', 'method', 'error-handler'] as const;

/** One of {@link TRACE_STEP_KINDS}. */
export type TraceStepKind = (typeof TRACE_STEP_KINDS)[number];

/**
 * How a step ended. Handlers: `continue` (returned true), `stop` (returned nothing, or the response
 * was closed), `sent` (returned a value, sent as JSON), `threw`. Routes: `skipped` when an earlier
 * handler stopped before them. Hooks: `changed` (data, params or result), `cancelled`. Methods:
 * `skipped` when a before-hook cancelled the call. Everything else: `done` or `threw`.
 */
export const TRACE_OUTCOMES = ['continue', 'stop', 'sent', 'threw', 'skipped', 'changed', 'cancelled', 'done'] as const;

/** One of {@link TRACE_OUTCOMES}. */
export type TraceOutcome = (typeof TRACE_OUTCOMES)[number];

/** A place in the learner's source (1-based line and column). */
export interface TraceLocation {
  file: string;
  line: number;
  column: number;
}

/** One step of a trace, in the order steps started. */
export interface TraceStep {
  kind: TraceStepKind;
  /** `GET /todos/:id`, `requireUser`, `todos.create`, `before created`, `create` (a service's own method: class names do not survive a minified build). */
  name: string;
  /** Index in `steps` of the step this one ran inside, or -1. */
  parent: number;
  /** How many steps enclose this one (0 at the top). */
  depth: number;
  /** Milliseconds from the start of the trace. */
  startMs: number;
  durationMs: number;
  outcome: TraceOutcome;
  /** Facts of the step as JSON: a route's params, a body's type and bytes, a call's id, via and query, what a hook changed. */
  detail?: Record<string, unknown>;
  /** Where the learner's code registered what ran (the route, middleware, hook or error handler). */
  at?: TraceLocation;
  /** What a step that threw threw, and where, when the stack points into the learner's code. */
  error?: { message: string; at?: TraceLocation };
}

/** What one request ran. */
export interface RequestTrace {
  /** `GET`, …; `WS` for a WebSocket call. */
  method: string;
  /** The request's path; for a WebSocket call, its `call` (`todos.create`). */
  path: string;
  /** Final status (0 when the trace ended before one was known). */
  status: number;
  /** Bytes of the response body (UTF-8). */
  bytes: number;
  durationMs: number;
  steps: TraceStep[];
}
