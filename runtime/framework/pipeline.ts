import type { Handler } from './handler.ts';
import type { RequestContext } from './request-context.ts';
import type { ResponseContext } from './response-context.ts';

/** Called with whatever a handler throws or rejects with. */
export type OnError = (error: unknown, req: RequestContext, res: ResponseContext) => void | Promise<void>;

/**
 * Applies a handler's return value to the response; true means "run the next handler".
 * `true` continues; `undefined`/`null`/`false` stop; anything else is sent as JSON and stops.
 */
export function applyResult(value: unknown, res: ResponseContext): boolean {
  if (value === true) return !res.closed;
  if (value === undefined || value === null || value === false || res.closed) return false;
  res.json(value);
  return false;
}

/**
 * Runs handlers in order. Stays synchronous while handlers return plain values (the common case
 * costs no promise); returns a promise only once a handler returns one.
 */
export function runPipeline(
  handlers: readonly Handler[],
  start: number,
  req: RequestContext,
  res: ResponseContext,
  onError: OnError,
): void | Promise<void> {
  try {
    for (let i = start; i < handlers.length; i++) {
      const result = handlers[i](req, res);
      if (isPromiseLike(result)) {
        return Promise.resolve(result).then(
          (value) => (applyResult(value, res) ? runPipeline(handlers, i + 1, req, res, onError) : undefined),
          (error) => onError(error, req, res),
        );
      }
      if (!applyResult(result, res)) return;
    }
  } catch (error) {
    return onError(error, req, res);
  }
}

/** True for promises and other thenables. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as PromiseLike<unknown>).then === 'function';
}
