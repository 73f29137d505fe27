import type { RequestTrace, TraceLocation, TraceStep } from '../../../runtime/framework/tracing/trace-data.ts';
import { formatDuration } from '../../layout/units.ts';

const OUTCOME_COLOURS: Partial<Record<TraceStep['outcome'], string>> = {
  threw: 'text-red-800 dark:text-red-300 font-semibold',
  skipped: 'text-slate-600 dark:text-slate-400 italic',
  cancelled: 'text-amber-900 dark:text-amber-200 font-semibold',
  changed: 'text-blue-900 dark:text-blue-200',
};

/** Steps are often well under a millisecond: show hundredths there. */
function stepDuration(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : formatDuration(ms);
}

/** A step's facts as short text (`params {"id":"1"}`); the trace came from the program, so it is only ever text. */
function detailText(detail: TraceStep['detail']): string {
  return Object.entries(detail ?? {})
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(' · ');
}

/** Where a step of the learner's code can take the editor. */
export interface GoToLine {
  /** True for a file the learner has (the trace came from the program: its file names are not trusted). */
  knows(file: string): boolean;
  /** Shows `at` in the editor. */
  goTo(at: TraceLocation): void;
}

/** A button to the learner's line, when the location names one of the learner's files. */
function LineLink({ at, editor, label }: { at: TraceLocation | undefined; editor: GoToLine; label?: string }) {
  if (!at || typeof at.file !== 'string' || !editor.knows(at.file)) return null;
  return (
    <button
      type="button"
      className="line-link shrink-0 underline"
      aria-label={`${label ?? 'Go to'} ${at.file} line ${at.line}`}
      onClick={() => editor.goTo(at)}
    >
      {at.file}:{at.line}
    </button>
  );
}

/**
 * The Trace tab: what the program ran for one response, one row per step in the order they started,
 * indented by nesting, with a bar showing when each ran within the request (a waterfall). A step of
 * the learner's code links to its line; a step that threw is marked, with where it threw.
 */
export function TraceView({ trace, editor }: { trace: RequestTrace; editor: GoToLine }) {
  const total = Math.max(trace.durationMs, ...trace.steps.map((s) => s.startMs + s.durationMs), 0.001);
  if (trace.steps.length === 0) {
    return <p className="p-2 text-sm italic">No route matched: nothing of the program ran.</p>;
  }
  return (
    <ol aria-label="Trace steps" className="p-2 font-mono text-xs">
      {trace.steps.map((step, index) => (
        <li
          key={index}
          data-testid="trace-step"
          data-kind={step.kind}
          data-outcome={step.outcome}
          className="border-b border-slate-100 py-0.5 dark:border-slate-800"
          style={{ paddingLeft: `${step.depth * 1.25}rem` }}
        >
          <div className="flex flex-wrap items-baseline gap-2">
            <span className="w-20 shrink-0 text-slate-600 dark:text-slate-400">{step.kind}</span>
            <span className="font-semibold" data-testid="trace-step-name">
              {step.name}
            </span>
            {step.outcome !== 'done' && (
              <span className={OUTCOME_COLOURS[step.outcome] ?? ''}>{step.outcome === 'threw' ? '✗ threw' : `→ ${step.outcome}`}</span>
            )}
            {step.detail && <span className="break-all text-slate-700 dark:text-slate-300">{detailText(step.detail)}</span>}
            <LineLink at={step.at} editor={editor} />
            <span className="ml-auto shrink-0 text-slate-600 dark:text-slate-400">{stepDuration(step.durationMs)}</span>
          </div>
          {step.error && (
            <div role="note" className="flex gap-2 text-red-800 dark:text-red-300">
              <span>threw: {step.error.message}</span>
              <LineLink at={step.error.at} editor={editor} label="Go to where it threw:" />
            </div>
          )}
          <div aria-hidden className="relative h-1 bg-slate-100 dark:bg-slate-800">
            <div
              className={`absolute h-1 ${step.outcome === 'threw' ? 'bg-red-600' : 'bg-blue-600'}`}
              style={{ left: `${(step.startMs / total) * 100}%`, width: `${Math.max((step.durationMs / total) * 100, 0.5)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
