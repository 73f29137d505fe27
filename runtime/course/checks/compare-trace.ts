import type { TraceExpect, TraceStepMatch } from '../format/check-format.ts';
import type { RequestTrace, TraceStep } from '../../framework/tracing/trace-data.ts';

/** Compares a request's trace with what a check expects of it; one sentence per mismatch, naming the steps that ran. */
export function compareTrace(expect: TraceExpect, trace: RequestTrace | null): string[] {
  if (!trace) return ['Expected a trace of the request, but none came back (the playground sends one; on Node, set HALO_TRACE=header).'];
  const failures: string[] = [];
  let from = 0;
  for (const [index, wanted] of (expect.inOrder ?? []).entries()) {
    const found = trace.steps.findIndex((step, at) => at >= from && matches(step, wanted));
    if (found >= 0) {
      from = found + 1;
      continue;
    }
    const anywhere = trace.steps.some((step) => matches(step, wanted));
    const previous = expect.inOrder?.[index - 1];
    failures.push(
      anywhere && previous
        ? `Expected ${describe(wanted)} after ${describe(previous)}, but it ran before it. The trace: ${outline(trace)}.`
        : `Expected the trace to show ${describe(wanted)}, but it does not. The trace: ${outline(trace)}.`,
    );
    break;
  }
  for (const unwanted of expect.absent ?? []) {
    if (trace.steps.some((step) => matches(step, unwanted))) {
      failures.push(`Expected the trace not to show ${describe(unwanted)}, but it does. The trace: ${outline(trace)}.`);
    }
  }
  return failures;
}

function matches(step: TraceStep, wanted: TraceStepMatch): boolean {
  return (
    (wanted.kind === undefined || step.kind === wanted.kind) &&
    (wanted.name === undefined || step.name === wanted.name) &&
    (wanted.outcome === undefined || step.outcome === wanted.outcome)
  );
}

/** `hook "before created" → cancelled`. */
function describe(wanted: TraceStepMatch): string {
  const name = wanted.name === undefined ? '' : ` "${wanted.name}"`;
  return `${wanted.kind ?? 'a step'}${name}${wanted.outcome ? ` → ${wanted.outcome}` : ''}`;
}

/** The steps as one line: `route GET /todos, middleware requireUser → continue, …`. */
function outline(trace: RequestTrace): string {
  if (trace.steps.length === 0) return 'no step (no route matched)';
  return trace.steps.map((step) => `${step.kind} ${step.name}${step.outcome === 'done' ? '' : ` → ${step.outcome}`}`).join(', ');
}
