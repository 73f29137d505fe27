import type { RequestTrace, TraceStep } from '../framework/tracing/trace-data.ts';

const ms = (value: number): string => `${value.toFixed(2)} ms`;

/**
 * A trace as compact text, one line per step indented by nesting, for a terminal:
 * `  middleware requireUser → continue  (app.ts:12)  0.08 ms`.
 */
export function formatTrace(trace: RequestTrace): string {
  const head = `[halo] ${trace.method} ${trace.path} → ${trace.status}, ${trace.bytes} B, ${ms(trace.durationMs)}`;
  return [head, ...trace.steps.map(formatStep)].join('\n');
}

function formatStep(step: TraceStep): string {
  const parts = [`${'  '.repeat(step.depth + 1)}${step.kind} ${step.name}`];
  if (step.outcome !== 'done') parts.push(`→ ${step.outcome}`);
  for (const [key, value] of Object.entries(step.detail ?? {})) {
    if (value !== undefined) parts.push(`${key}=${JSON.stringify(value)}`);
  }
  if (step.at) parts.push(`(${step.at.file}:${step.at.line})`);
  if (step.error) parts.push(`✗ ${step.error.message}${step.error.at ? ` (${step.error.at.file}:${step.error.at.line})` : ''}`);
  return `${parts.join(' ')}  ${ms(step.durationMs)}`;
}
