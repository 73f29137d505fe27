import { jsonFields, isWithin } from '../../runtime/checks/json-fields.ts';
import { answerOf, type BodyMatch } from '../../runtime/checks/record-check.ts';
import { show } from '../../runtime/checks/match-json.ts';
import { useExerciseDraft, type DraftCheck } from './draft-store.ts';

/** One check of the exercise being made: its title, what of the answer it compares, and what the replay left out and why. */
export function DraftCheckCard({ entry, index }: { entry: DraftCheck; index: number }) {
  const { chooseFor, removeCheck } = useExerciseDraft();
  const recording = entry.recording;
  const label = `Check ${index + 1}`;
  const remove = (
    <button type="button" className="btn-ghost ml-auto" onClick={() => removeCheck(index)} aria-label={`Remove ${label.toLowerCase()}`}>
      Remove
    </button>
  );
  if (!recording) {
    return (
      <li className="flex items-center gap-2 rounded border border-slate-300 p-2 dark:border-slate-700" data-testid="draft-check">
        <span>{entry.check.title}</span> <span className="text-xs">(edited as JSON)</span>
        {remove}
      </li>
    );
  }
  const { exchange, choices } = recording;
  const answer = answerOf(exchange);
  const unstable = choices.unstable ?? [];
  const fields = answer === undefined ? [] : jsonFields(answer).filter((f) => f.path !== '');
  const kept = choices.match.kind === 'json' ? choices.match.keep : undefined;
  const isKept = (path: string) => kept === undefined || kept.some((k) => isWithin(path, k));
  const setMatch = (match: BodyMatch) => chooseFor(index, { match });
  const toggle = (path: string, on: boolean) => {
    const all = fields.map((f) => f.path).filter((p) => (p === path ? on : isKept(p)));
    setMatch({ kind: 'json', keep: all });
  };
  return (
    <li className="flex flex-col gap-1 rounded border border-slate-300 p-2 dark:border-slate-700" data-testid="draft-check">
      <div className="flex items-center gap-2">
        <input
          className="field min-w-0 flex-1"
          aria-label={`${label} title`}
          value={choices.title}
          onChange={(e) => chooseFor(index, { title: e.target.value })}
        />
        {remove}
      </div>
      <label className="flex items-center gap-2 text-xs">
        Compare
        <select
          className="field"
          aria-label={`${label} compares`}
          value={choices.match.kind}
          onChange={(e) => {
            const kind = e.target.value as BodyMatch['kind'];
            const body = exchange.kind === 'http' ? exchange.response.body.trim().slice(0, 200) : '';
            setMatch(kind === 'contains' ? { kind, text: body } : kind === 'json' ? { kind } : { kind: 'none' });
          }}
        >
          {answer !== undefined && <option value="json">the JSON fields ticked below</option>}
          {exchange.kind === 'http' && <option value="contains">a text the body contains</option>}
          <option value="none">{exchange.kind === 'http' ? 'the status and content type only' : 'that a message comes'}</option>
        </select>
      </label>
      {choices.match.kind === 'contains' && (
        <input
          className="field font-mono text-xs"
          aria-label={`${label} text the body contains`}
          value={choices.match.text}
          onChange={(e) => setMatch({ kind: 'contains', text: e.target.value })}
        />
      )}
      {choices.match.kind === 'json' && fields.length > 0 && (
        <fieldset className="flex flex-col text-xs">
          <legend className="sr-only">{label} fields</legend>
          {fields.map((field) => {
            const why = unstable.find((u) => isWithin(field.path, u.path));
            return (
              <label key={field.path} className="flex items-start gap-1 font-mono">
                <input
                  type="checkbox"
                  disabled={why !== undefined}
                  checked={!why && isKept(field.path)}
                  onChange={(e) => toggle(field.path, e.target.checked)}
                />
                <span>
                  {field.path} = {show(field.value, 60)}
                  {why && (
                    <span className="font-sans text-amber-800 dark:text-amber-300">
                      {' '}
                      — left out: {why.reason}; checked as present instead
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {entry.replay === null && (
        <p className="text-xs" role="status">
          Replaying on a fresh start to find values that change…
        </p>
      )}
      {entry.replay && (
        <div className="text-xs" data-testid="replay-report" role="status">
          {entry.replay.unstable.length === 0 && entry.replay.warnings.length === 0 && (
            <p>Replayed on a fresh start: nothing changes between runs.</p>
          )}
          {entry.replay.unstable.length > 0 && (
            <p>
              Replayed on a fresh start: left out {entry.replay.unstable.map((u) => u.path).join(', ')} (values that change between runs).
            </p>
          )}
          {entry.replay.warnings.map((warning, i) => (
            <p key={i} role="alert" className="text-amber-800 dark:text-amber-300">
              {warning}
            </p>
          ))}
        </div>
      )}
    </li>
  );
}
