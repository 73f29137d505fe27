import type { ClassLesson, ResultRecord, SharedCodeRecord } from '../../runtime/classroom/class-protocol.ts';

/**
 * A learner's shown code, read-only, with their last failing check of that lesson: its request, what was
 * expected and what came back. Everything is the learner's text: rendered as text, never as markup.
 */
export function LearnerCode({
  code,
  learner,
  lesson,
  results,
  onClose,
}: {
  code: SharedCodeRecord;
  learner: string;
  lesson: ClassLesson | undefined;
  results: ResultRecord[];
  onClose: () => void;
}) {
  const failing = results.filter((r) => !r.passed && r.failure).sort((a, b) => b.at.localeCompare(a.at))[0];
  return (
    <section aria-label={`Code of ${learner}`} className="flex flex-col gap-2 rounded border border-slate-400 p-3 dark:border-slate-600">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-bold">
          {learner}: {code.lesson}
        </h2>
        <button type="button" className="btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
      {failing?.failure && (
        <div className="flex flex-col gap-1 text-sm" aria-label="Last failing check">
          <p>
            Last failing check: #{failing.check + 1} {lesson?.checks[failing.check]?.title} ({failing.failure.request})
          </p>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <h3 className="font-semibold">Expected</h3>
              <pre className="overflow-auto bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800">{failing.failure.expected}</pre>
            </div>
            <div>
              <h3 className="font-semibold">Got</h3>
              <pre className="overflow-auto bg-slate-100 p-2 whitespace-pre-wrap dark:bg-slate-800">{failing.failure.got}</pre>
            </div>
          </div>
          <ul className="list-disc pl-5">
            {failing.failure.reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {Object.entries(code.files).map(([name, text]) => (
        <figure key={name}>
          <figcaption className="font-mono text-sm">{name}</figcaption>
          <pre className="max-h-96 overflow-auto bg-slate-100 p-2 text-sm dark:bg-slate-800">{text}</pre>
        </figure>
      ))}
    </section>
  );
}
