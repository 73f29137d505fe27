import type { SourceSite } from '../source-site.ts';
import type { TraceScope } from './tracer.ts';

/** The error handler's step while it runs. */
export interface TracedErrorHandler {
  /** The error handler finished (the response is made). */
  ended(): void;
  /** The error handler itself threw (the app answers a bare 500). */
  threw(error: unknown): void;
}

/**
 * Begins the step of `app.errorHandler` answering `e`: named after the program's handler (its site is
 * where the program replaced it), or `default error handler` when the program kept the default.
 */
export function traceErrorHandler(
  scope: TraceScope,
  handler: { name: string },
  site: SourceSite | null,
  e: { statusCode: number; message: string },
): TracedErrorHandler {
  const tracer = scope.tracer;
  const name = site ? handler.name || 'errorHandler' : 'default error handler';
  const step = tracer.begin('error-handler', name, scope.parent, site, { status: e.statusCode, message: e.message });
  return {
    ended: () => step.outcome !== 'threw' && tracer.end(step, 'done'),
    threw: (error) => tracer.threw(step, error),
  };
}
