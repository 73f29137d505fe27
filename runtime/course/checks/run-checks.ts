import type { Check, CheckStep } from '../format/check-format.ts';
import { flowStepsOf, isSocketStep } from '../format/check-format.ts';
import type { CaptureScope } from './resolve-captures.ts';
import type { KindContext } from './value-kinds.ts';
import { resolveStrings } from './resolve-captures.ts';
import { requestOfCheck } from './check-request.ts';
import { encodeRequest } from '../../contract/encode-request.ts';
import { captureValues, describeError } from './capture-values.ts';
import type { WebSocketClass } from './check-socket.ts';
import { runSocketStep, type CheckSockets } from './run-socket-step.ts';
import type { ActualResponse } from './compare-response.ts';
import type { StepResult } from './step-result.ts';

export type { StepResult } from './step-result.ts';
import { compareResponse } from './compare-response.ts';
import { decodeTraceHeader, TRACE_HEADER } from '../../framework/tracing/trace-header.ts';

/** Where and how runChecks sends its requests. */
export interface RunChecksOptions {
  /** The program's origin, e.g. `http://localhost:3000`. */
  origin: string;
  /** The fetch to use: Node's, or the page's (which the playground routes to the program). */
  fetch: typeof globalThis.fetch;
  /** Milliseconds one request may take before it counts as failed. Default 10 000. */
  timeoutMs?: number;
  /** Called as each check finishes, so a page can show results while the rest still run. */
  onResult?: (result: CheckResult, index: number) => void;
  /** Stops the run (e.g. the learner edited the program): no further checks start, and runChecks rejects. */
  signal?: AbortSignal;
  /** Restarts the program (for steps with `restartFirst`); resolves once it serves again. */
  restart?: () => Promise<void>;
  /** The WebSocket class for WebSocket steps; default the global one (the page's; on Node pass `ws`'s). */
  WebSocket?: WebSocketClass;
}

/** The outcome of one check. Steps after the first failing one are not run and not listed. */
export interface CheckResult {
  title: string;
  passed: boolean;
  steps: StepResult[];
}

/** Runs every check in order against a running program, sending real requests with `options.fetch`. */
export async function runChecks(checks: readonly Check[], options: RunChecksOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    options.signal?.throwIfAborted();
    const result = await runCheck(check, options);
    options.signal?.throwIfAborted();
    results.push(result);
    options.onResult?.(result, results.length - 1);
  }
  return results;
}

/** Runs one check's steps in order, stopping at the first failing step. */
async function runCheck(check: Check, options: RunChecksOptions): Promise<CheckResult> {
  const context: KindContext = { captured: {} };
  const steps: StepResult[] = [];
  const sockets: CheckSockets = new Map();
  try {
    for (const step of flowStepsOf(check)) {
      const result = isSocketStep(step) ? await runSocketStep(step, sockets, context, options) : await runStep(step, context, options);
      steps.push(result);
      if (result.failures.length > 0) return { title: check.title, passed: false, steps };
      // The answer a later step's `differs` compares with: this step's JSON body or message, when it had one.
      const answer = parseJson(result.actual.body);
      if (answer !== undefined) context.previous = answer;
    }
    return { title: check.title, passed: true, steps };
  } finally {
    for (const socket of sockets.values()) socket.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function runStep(step: CheckStep, context: KindContext, options: RunChecksOptions): Promise<StepResult> {
  const scope = context.captured;
  const request = resolveStrings(step.request, scope);
  const expected = resolveStrings(step.expect, scope);
  const actual: ActualResponse = { status: 0, headers: {}, body: '' };
  const done = (failures: string[]): StepResult => ({ request, expected, actual, failures });
  if (step.restartFirst) {
    if (!options.restart) return done(['This check restarts the program, and this runner cannot restart it.']);
    try {
      await options.restart();
    } catch (error) {
      return done([`The program did not start again: ${describeError(error)}.`]);
    }
  }
  try {
    const { url, method, headers, body } = encodeRequest(requestOfCheck(request), options.origin);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    // A step that expects something of the trace asks the host for it (see trace-header.ts).
    const asked = expected.trace ? [...headers, [TRACE_HEADER, '1'] as [string, string]] : headers;
    const response = await options.fetch(url, { method, headers: asked, body, signal });
    actual.status = response.status;
    response.headers.forEach((value, name) => {
      if (name.toLowerCase() !== TRACE_HEADER) actual.headers[name.toLowerCase()] = value;
    });
    const traceHeader = response.headers.get(TRACE_HEADER);
    if (traceHeader !== null) actual.trace = decodeTraceHeader(traceHeader);
    actual.body = await response.text();
  } catch (error) {
    // A timeout means something listens but does not answer: asking whether the program runs would mislead.
    if (error instanceof Error && error.name === 'TimeoutError')
      return done([`${request.method} ${request.path}: no answer within ${(options.timeoutMs ?? 10_000) / 1000} s.`]);
    return done([`${request.method} ${request.path} got no response: ${describeError(error)}. Is the program running?`]);
  }
  const failures = compareResponse(expected, actual, context);
  if (failures.length === 0) failures.push(...capture(step, actual, scope));
  return done(failures);
}

function capture(step: CheckStep, actual: ActualResponse, scope: CaptureScope): string[] {
  if (!step.capture) return [];
  let json: unknown;
  try {
    json = JSON.parse(actual.body);
  } catch {
    return ['Expected a JSON body to take values from, but the body is not JSON.'];
  }
  return captureValues(step.capture, json, scope);
}
