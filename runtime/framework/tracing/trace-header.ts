import type { RequestTrace } from './trace-data.ts';

/**
 * The header that asks for a request's trace and carries it back, where the host allows it (the
 * playground always; Node when `HALO_TRACE` includes `header`). Hosts take it off the request before
 * the program sees it, so lesson checks and the Trace tab read the trace over plain HTTP.
 */
export const TRACE_HEADER = 'x-halo-trace';

/** A trace as a header value: its JSON, percent-encoded (header values are ASCII). */
export function encodeTraceHeader(trace: RequestTrace): string {
  return encodeURIComponent(JSON.stringify(trace));
}

/** The trace a header value carries, or null when it is not one (it came from the program: treat it as untrusted data). */
export function decodeTraceHeader(value: string): RequestTrace | null {
  try {
    const trace = JSON.parse(decodeURIComponent(value)) as RequestTrace | null;
    return trace && typeof trace === 'object' && Array.isArray(trace.steps) ? trace : null;
  } catch {
    return null;
  }
}
