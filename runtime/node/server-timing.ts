import type { RequestTrace } from '../framework/tracing/trace-data.ts';

/**
 * A `Server-Timing` header value for a trace: one metric per step (`3-middleware;dur=0.08;desc="requireUser"`)
 * and `total`, which browsers' developer tools show as a waterfall. Descriptions keep to the characters a
 * header value may hold.
 */
export function serverTiming(trace: RequestTrace): string {
  const metrics = trace.steps.map((step, index) => `${index + 1}-${step.kind};dur=${step.durationMs};desc=${quoted(step.name)}`);
  metrics.push(`total;dur=${trace.durationMs}`);
  return metrics.join(', ');
}

function quoted(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`;
}
