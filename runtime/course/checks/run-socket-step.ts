import type { SocketStep } from '../format/check-format.ts';
import { matchKinds, type KindContext } from './value-kinds.ts';
import { resolveStrings } from './resolve-captures.ts';
import { captureValues, describeError } from './capture-values.ts';
import { CheckSocket, type WebSocketClass } from './check-socket.ts';
import { matchJson } from './match-json.ts';
import type { StepResult } from './step-result.ts';

/** What a WebSocket step needs of the runner's options. */
export interface SocketStepOptions {
  origin: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  WebSocket?: WebSocketClass;
}

/** The connections of one check, by name. */
export type CheckSockets = Map<string, CheckSocket>;

/**
 * Runs one WebSocket step: opens its connection on first use, sends, and waits for the next matching
 * message. Its result reads like an HTTP step's: `WS <path> (<name>)`, the message sent as the body,
 * the expected message as `json`, and the messages received so far as the actual body.
 */
export async function runSocketStep(
  step: SocketStep,
  sockets: CheckSockets,
  context: KindContext,
  options: SocketStepOptions,
): Promise<StepResult> {
  const scope = context.captured;
  const resolved = resolveStrings(step, scope);
  const path = resolved.path ?? '/ws';
  const result: StepResult = {
    request: { method: 'WS', path: `${path} (${resolved.socket})`, ...(resolved.send !== undefined ? { body: resolved.send } : {}) },
    expected: { ...(resolved.expect !== undefined ? { json: resolved.expect } : {}), ...(resolved.kinds ? { kinds: resolved.kinds } : {}) },
    actual: { status: 0, headers: {}, body: '' },
    failures: [],
  };
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let socket = sockets.get(resolved.socket);
  if (!socket) {
    const WebSocketImpl: WebSocketClass | undefined = options.WebSocket ?? globalThis.WebSocket;
    const url = new URL(path, options.origin.replace(/^http/, 'ws')).href;
    try {
      if (!WebSocketImpl) throw new Error('this runner has no WebSocket');
      socket = await CheckSocket.open(WebSocketImpl, url, signal);
    } catch (error) {
      result.failures.push(`Could not connect to ${url}: ${describeError(error)}. Does the program call websocket(app)?`);
      return result;
    }
    sockets.set(resolved.socket, socket);
  }
  result.actual.status = 101;
  if (resolved.send !== undefined) socket.send(resolved.send);
  if (resolved.expect === undefined) return result;
  const expected = resolved.expect;
  const answers = replyTo(expected);
  const message = await socket.next((m) => matchJson(expected, m).length === 0 || answers(m), signal);
  if (message !== null && matchJson(expected, message).length > 0) {
    result.actual.body = socket.received.join('\n');
    result.failures.push(
      `Expected a message on "${resolved.socket}" matching ${JSON.stringify(expected)}, but the reply to this call came and does not match: ${JSON.stringify(message)}.`,
    );
    return result;
  }
  if (message === null) {
    result.actual.body = socket.received.join('\n');
    const why = socket.closed
      ? `the connection closed (${socket.closed.code}${socket.closed.reason ? `: ${socket.closed.reason}` : ''})`
      : 'none came in time';
    result.failures.push(
      `Expected a message on "${resolved.socket}" matching ${JSON.stringify(expected)}, but ${why}. Received: ${socket.received.length ? socket.received.join(' ') : 'nothing'}.`,
    );
    return result;
  }
  result.actual.body = JSON.stringify(message);
  if (resolved.kinds) result.failures.push(...matchKinds(resolved.kinds, message, context, 'message'));
  if (result.failures.length === 0 && resolved.capture)
    result.failures.push(...captureValues(resolved.capture, message, scope, 'the message'));
  return result;
}

/**
 * Whether a message is the WebSocket provider's reply (`{id, result}` or `{id, error}`) to the call whose reply
 * `expected` waits for (an object with an `id`): the provider answers each call once, so once that reply came and
 * did not match, the expected message cannot come, and the step fails at once instead of waiting for its timeout.
 */
function replyTo(expected: unknown): (message: unknown) => boolean {
  const id = isObject(expected) ? expected.id : undefined;
  if (typeof id !== 'number' && typeof id !== 'string') return () => false;
  return (message) => isObject(message) && message.id === id && ('result' in message || 'error' in message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
