import { statusText } from './format.ts';
import type { RequestTrace } from '../../../runtime/framework/tracing/trace-data.ts';
import { decodeTraceHeader, TRACE_HEADER } from '../../../runtime/framework/tracing/trace-header.ts';

/** A finished exchange as the response panel shows it. */
export interface ResponseView {
  status: number;
  statusText: string;
  /** Header pairs in the order the response listed them (names lower-case). */
  headers: [string, string][];
  body: string;
  /** Body size in bytes. */
  size: number;
  timeMs: number;
  contentType: string;
  /** The engine's kill switch answered because the program did not. */
  timedOut: boolean;
  /** What the program ran for this response (the playground asks for it with every request), or null. */
  trace: RequestTrace | null;
}

/** The engine answers a hung request with 504 after its timeout; a program's own 504 comes sooner. */
export function isKillSwitchTimeout(status: number, elapsedMs: number, timeoutMs: number): boolean {
  return status === 504 && elapsedMs >= timeoutMs * 0.9;
}

/** Reads a fetch response into a view; `startedAt` is the `performance.now()` before sending. */
export async function readResponse(
  response: Response,
  startedAt: number,
  timeoutMs: number,
  now: () => number = () => performance.now(),
): Promise<ResponseView> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const timeMs = now() - startedAt;
  const traceHeader = response.headers.get(TRACE_HEADER);
  return {
    status: response.status,
    statusText: statusText(response.status, response.statusText),
    // The trace travels in a header of its own, which is the playground's, not the program's.
    headers: [...response.headers.entries()].filter(([name]) => name !== TRACE_HEADER),
    body: new TextDecoder().decode(bytes),
    size: bytes.byteLength,
    timeMs,
    contentType: response.headers.get('content-type') ?? '',
    timedOut: isKillSwitchTimeout(response.status, timeMs, timeoutMs),
    trace: traceHeader === null ? null : decodeTraceHeader(traceHeader),
  };
}
