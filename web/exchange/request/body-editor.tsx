import { lazy, Suspense, useEffect, useRef } from 'react';
import { parseJson } from '../response/format.ts';
import { formatBytes } from '../../layout/units.ts';
import { FieldRows } from './field-rows.tsx';
import { newMultipartRow, type MultipartRow, type PanelBodyType, type RequestSpec } from './request-model.ts';
import { methodAllowsBody } from '../../../runtime/contract/encode-request.ts';
import { useRequest } from './request-store.ts';

// Monaco loads with the GraphQL editor, not with the page: most requests never need it.
const GraphQLEditor = lazy(() => import('./graphql-editor.tsx').then((m) => ({ default: m.GraphQLEditor })));

const BODY_TYPES: { id: PanelBodyType; label: string }[] = [
  { id: 'none', label: 'None' },
  { id: 'json', label: 'JSON' },
  { id: 'form', label: 'Form (urlencoded)' },
  { id: 'multipart', label: 'Multipart' },
  { id: 'graphql', label: 'GraphQL' },
];

function MultipartValue({ row, update, label }: { row: MultipartRow; update: (p: Partial<MultipartRow>) => void; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  // A file set by a lesson (not picked) is shown in the picker too: the panel shows exactly what is sent.
  useEffect(() => {
    const element = input.current;
    if (!element || element.files?.[0] === (row.file ?? undefined)) return;
    const chosen = new DataTransfer();
    if (row.file) chosen.items.add(row.file);
    element.files = chosen.files;
  }, [row.file, row.kind]);
  if (row.kind === 'text') {
    return (
      <input
        className="field min-w-0 flex-1"
        aria-label={`${label} value`}
        placeholder="value"
        value={row.value}
        onChange={(e) => update({ value: e.target.value })}
      />
    );
  }
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <input
        ref={input}
        type="file"
        className="min-w-0 text-xs"
        aria-label={`${label} file`}
        onChange={(e) => update({ file: e.target.files?.[0] ?? null, value: e.target.files?.[0]?.name ?? '' })}
      />
      <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="multipart-file">
        {row.file ? `Sends ${row.file.name} (${formatBytes(row.file.size)})` : 'Sends an empty file'}
      </span>
    </span>
  );
}

/** Chooses the body encoding and edits the body: JSON text, form fields, or multipart parts. */
export function BodyEditor({ spec }: { spec: RequestSpec }) {
  const { updateSpec } = useRequest();
  if (!methodAllowsBody(spec.method)) {
    return <p className="p-2 text-sm text-slate-700 dark:text-slate-300">{spec.method} requests have no body.</p>;
  }
  return (
    <div className="flex flex-col gap-2 p-2">
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="sr-only">Body type</legend>
        {BODY_TYPES.map((t) => (
          <label key={t.id} className="flex items-center gap-1">
            <input
              type="radio"
              name="body-type"
              value={t.id}
              checked={spec.bodyType === t.id}
              onChange={() => updateSpec({ bodyType: t.id })}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      {spec.bodyType === 'json' && (
        <textarea
          className="field h-28 font-mono"
          aria-label="JSON body"
          spellCheck={false}
          value={spec.json}
          onChange={(e) => updateSpec({ json: e.target.value })}
        />
      )}
      {spec.bodyType === 'json' && spec.json.trim() !== '' && parseJson(spec.json) === undefined && (
        <p className="text-xs text-amber-800 dark:text-amber-300">This is not valid JSON; it is sent as typed.</p>
      )}
      {spec.bodyType === 'graphql' && (
        <Suspense fallback={<p className="text-xs">Loading the GraphQL editor…</p>}>
          <GraphQLEditor spec={spec} />
        </Suspense>
      )}
      {spec.bodyType === 'form' && <FieldRows noun="Form field" rows={spec.form} onChange={(form) => updateSpec({ form })} />}
      {spec.bodyType === 'multipart' && (
        <FieldRows
          noun="Part"
          rows={spec.multipart}
          onChange={(multipart) => updateSpec({ multipart })}
          create={() => newMultipartRow()}
          renderLead={(row, update, label) => (
            <select
              className="field"
              aria-label={`${label} kind`}
              value={row.kind}
              onChange={(e) => update({ kind: e.target.value as MultipartRow['kind'], file: null })}
            >
              <option value="text">text</option>
              <option value="file">file</option>
            </select>
          )}
          renderValue={(row, update, label) => <MultipartValue row={row} update={update} label={label} />}
        />
      )}
    </div>
  );
}
