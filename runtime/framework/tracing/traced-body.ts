import type { TraceScope } from './tracer.ts';

/**
 * Runs `parse` (a request's body parse) as a `body` step: the content type, the bytes `size()` reports
 * once read (null: unknown), and whether it parsed or threw (a 400, 413 or 415).
 */
export function traceBody(
  scope: TraceScope,
  contentType: string | undefined,
  parse: () => Promise<void>,
  size: () => number | null,
): Promise<void> {
  const tracer = scope.tracer;
  const step = tracer.begin('body', 'parseBody', scope.parent, null, { type: contentType ?? '(none)' });
  const failed = (error: unknown): never => {
    tracer.threw(step, error);
    step.detail = { ...step.detail, bytes: size() };
    throw error;
  };
  let parsing: Promise<void>;
  try {
    parsing = parse();
  } catch (error) {
    return failed(error);
  }
  return parsing.then(() => tracer.end(step, 'done', { bytes: size() }), failed);
}
