import type { StepResult } from '../../runtime/course/checks/run-checks.ts';
import { diffLines } from './line-diff.ts';

/** The body a step expected, as text to compare: the exact body, or the JSON it had to match. */
function expectedBody(step: StepResult): string | null {
  if (step.expected.body !== undefined) return step.expected.body;
  if (step.expected.json !== undefined) return JSON.stringify(step.expected.json, null, 2);
  return null;
}

/** The body that came back, pretty-printed when it is JSON and JSON was expected (so the lines align). */
function actualBody(step: StepResult): string {
  if (step.expected.json === undefined) return step.actual.body;
  try {
    return JSON.stringify(JSON.parse(step.actual.body), null, 2);
  } catch {
    return step.actual.body;
  }
}

const LINE_STYLE = {
  same: 'text-slate-800 dark:text-slate-200',
  expected: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  actual: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
} as const;
const LINE_PREFIX = { same: '  ', expected: '+ ', actual: '- ' } as const;

/** Why a check failed: its request, the explanations, and expected vs actual status and body. */
export function CheckDetails({ step }: { step: StepResult }) {
  const expected = expectedBody(step);
  return (
    <div className="mt-1 ml-5 flex flex-col gap-1 text-xs">
      <p className="font-mono">
        {step.request.method} {step.request.path}
      </p>
      <ul className="list-disc pl-4">
        {step.failures.map((failure, i) => (
          <li key={i}>{failure}</li>
        ))}
      </ul>
      {step.expected.status !== undefined && (
        <p>
          Status: expected <strong>{step.expected.status}</strong>, got <strong>{step.actual.status || 'no response'}</strong>
        </p>
      )}
      {expected !== null ? (
        <figure>
          <figcaption>
            Body: <span className={LINE_STYLE.expected}>+ expected</span> <span className={LINE_STYLE.actual}>- got</span>
          </figcaption>
          <pre tabIndex={0} aria-label="Expected and actual body, line by line" className="mt-0.5 max-h-48 overflow-auto rounded border border-slate-300 p-1 font-mono dark:border-slate-700">
            {diffLines(expected, actualBody(step)).map((line, i) => (
              <div key={i} className={LINE_STYLE[line.kind]}>
                <span className="sr-only">{line.kind === 'same' ? '' : line.kind === 'expected' ? 'expected: ' : 'got: '}</span>
                <span aria-hidden="true">{LINE_PREFIX[line.kind]}</span>
                {line.text || ' '}
              </div>
            ))}
          </pre>
        </figure>
      ) : (
        step.actual.status !== 0 && (
          <figure>
            <figcaption>Body you sent back:</figcaption>
            <pre tabIndex={0} aria-label="Body you sent back" className="mt-0.5 max-h-48 overflow-auto rounded border border-slate-300 p-1 font-mono whitespace-pre-wrap dark:border-slate-700">
              {step.actual.body || '(empty)'}
            </pre>
          </figure>
        )
      )}
    </div>
  );
}
