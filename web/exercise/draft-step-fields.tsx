import type { JsonField } from '../../runtime/course/checks/json-fields.ts';
import { jsonFields, isWithin } from '../../runtime/course/checks/json-fields.ts';
import { answerOf, type BodyMatch, type UnstableField } from '../../runtime/course/checks/record-check.ts';
import type { FlowPart } from '../../runtime/course/checks/record-flow.ts';
import type { JsonValue, ValueKind } from '../../runtime/course/format/check-format.ts';
import { show } from '../../runtime/course/checks/match-json.ts';
import { kindWords } from '../../runtime/course/checks/value-kinds.ts';
import { fittingKinds } from '../../runtime/course/checks/propose-kinds.ts';
import { isCreatedId } from '../../runtime/course/checks/fresh-ids.ts';
import type { RecordChoices } from '../../runtime/course/checks/record-check.ts';

/** The kinds `value` fits (a UUID is a text too), for the field's "checked as" choice; `differs` for any value of a later step. */
function choosableKinds(value: JsonValue, later: boolean): ValueKind[] {
  return [...fittingKinds(value), ...(later ? [{ type: 'differs' } as const] : [])];
}

/** How a field is checked: equal to its recorded value (not for an unstable one), or as one of `kinds`. */
function KindSelect({
  name,
  kinds,
  kind,
  unstable,
  choose,
}: {
  name: string;
  kinds: ValueKind[];
  kind: ValueKind | undefined;
  unstable: boolean;
  choose: (kind: ValueKind | null) => void;
}) {
  return (
    <select
      className="field py-0 font-sans text-xs"
      aria-label={`${name} checked as`}
      value={kind ? kinds.findIndex((k) => k.type === kind.type) : -1}
      onChange={(e) => choose(Number(e.target.value) < 0 ? null : kinds[Number(e.target.value)])}
    >
      <option value={-1} disabled={unstable}>
        equal to this value
      </option>
      {kinds.map((k, i) => (
        <option key={k.type} value={i}>
          {kindWords(k)}
        </option>
      ))}
    </select>
  );
}

/** One field of the answer: ticked to be checked, and how (its value, or a kind); an unstable one cannot be compared by value. */
function FieldRow({
  field,
  label,
  why,
  kept,
  kind,
  later,
  choose,
}: {
  field: JsonField;
  label: string;
  why: UnstableField | undefined;
  kept: boolean;
  kind: ValueKind | undefined;
  later: boolean;
  choose: (change: { kept?: boolean; kind?: ValueKind | null }) => void;
}) {
  const kinds = choosableKinds(field.value, later);
  if (kind && !kinds.some((k) => k.type === kind.type)) kinds.push(kind);
  // A flaky field is still compared by its value: the author decides.
  const loosened = why !== undefined && !why.flaky;
  const checked = kept && (!loosened || kind !== undefined);
  const plain = typeof field.value === 'string' || typeof field.value === 'number';
  return (
    <div className="flex flex-wrap items-start gap-1 font-mono">
      <label className="flex items-start gap-1">
        <input
          type="checkbox"
          disabled={why !== undefined && kinds.length === 0}
          checked={checked}
          onChange={(e) => choose({ kept: e.target.checked })}
        />
        <span>
          {field.path} = {show(field.value, 60)}
        </span>
      </label>
      {checked && plain && (
        <KindSelect name={`${label} ${field.path}`} kinds={kinds} kind={kind} unstable={loosened} choose={(k) => choose({ kind: k })} />
      )}
      {why && (
        <span className="font-sans text-amber-800 dark:text-amber-300">
          {' '}
          — {why.reason}
          {kind || why.flaky ? '' : '; left out, checked as present'}
        </span>
      )}
    </div>
  );
}

/** "Changes on every create" for each id a POST answered: the check sends the request again at its end and compares. */
function FreshIds({
  label,
  paths,
  fresh,
  choose,
}: {
  label: string;
  paths: string[];
  fresh: readonly string[];
  choose: (fresh: string[]) => void;
}) {
  return paths.map((path) => (
    <label key={path} className="flex items-start gap-1 font-sans">
      <input
        type="checkbox"
        aria-label={`${label} ${path} changes on every create`}
        checked={fresh.includes(path)}
        onChange={(e) => choose(e.target.checked ? [...fresh, path] : fresh.filter((p) => p !== path))}
      />
      <span>
        {path} changes on every create: the check sends this request again at its end, and the new {path} must differ from this one
      </span>
    </label>
  ));
}

/** What a step compares of its answer: the JSON fields, a text the body contains, or only the status and content type (or that a message comes). */
function CompareSelect({ part, label, setMatch }: { part: FlowPart; label: string; setMatch: (match: BodyMatch) => void }) {
  const { exchange, choices } = part;
  return (
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
        {answerOf(exchange) !== undefined && <option value="json">the JSON fields ticked below</option>}
        {exchange.kind === 'http' && <option value="contains">a text the body contains</option>}
        <option value="none">{exchange.kind === 'http' ? 'the status and content type only' : 'that a message comes'}</option>
      </select>
    </label>
  );
}

/** What of one recorded exchange's answer its step compares: the JSON fields (each by value or by kind), a text it contains, or nothing. */
export function DraftStepFields({
  part,
  label,
  later,
  choose,
}: {
  part: FlowPart;
  label: string;
  later: boolean;
  choose: (patch: Partial<RecordChoices>) => void;
}) {
  const { exchange, choices } = part;
  const answer = answerOf(exchange);
  const unstable = choices.unstable ?? [];
  const kinds = choices.kinds ?? {};
  const fields = answer === undefined ? [] : jsonFields(answer).filter((f) => f.path !== '');
  const keep = choices.match.kind === 'json' ? choices.match.keep : undefined;
  const isKept = (path: string) => keep === undefined || keep.some((k) => isWithin(path, k));
  const setMatch = (match: BodyMatch) => choose({ match });
  const chooseField = (path: string, change: { kept?: boolean; kind?: ValueKind | null }) => {
    if (change.kept !== undefined)
      setMatch({ kind: 'json', keep: fields.map((f) => f.path).filter((p) => (p === path ? change.kept : isKept(p))) });
    if (change.kind !== undefined) {
      const { [path]: _old, ...others } = kinds;
      choose({ kinds: change.kind ? { ...others, [path]: change.kind } : others });
    }
  };
  return (
    <>
      <CompareSelect part={part} label={label} setMatch={setMatch} />
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
          {fields.map((field) => (
            <FieldRow
              key={field.path}
              field={field}
              label={label}
              why={unstable.find((u) => isWithin(field.path, u.path))}
              kept={isKept(field.path)}
              kind={kinds[field.path]}
              later={later}
              choose={(change) => chooseField(field.path, change)}
            />
          ))}
          {exchange.kind === 'http' && (
            <FreshIds
              label={label}
              paths={fields.filter((f) => isCreatedId(exchange.request.method, f.path) && typeof f.value !== 'object').map((f) => f.path)}
              fresh={choices.fresh ?? []}
              choose={(fresh) => choose({ fresh })}
            />
          )}
        </fieldset>
      )}
    </>
  );
}
