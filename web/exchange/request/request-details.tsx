import { lazy, Suspense } from 'react';
import { Tabs } from '../../layout/tabs.tsx';
import { FieldRows } from './field-rows.tsx';
import { ACCEPT_PRESETS, acceptValue, withAccept, type RequestSpec } from './request-model.ts';
import { useRequest } from './request-store.ts';

// The Body and Recent tabs load when chosen: a first request is a GET with headers.
const BodyEditor = lazy(() => import('./body-editor.tsx').then((m) => ({ default: m.BodyEditor })));
const RecentRequests = lazy(() => import('./recent-requests.tsx').then((m) => ({ default: m.RecentRequests })));
const LOADING = <p className="p-2 text-sm">Loading…</p>;

/** A tab of the request's details. */
export type RequestTab = 'headers' | 'body' | 'recent';

/** The HTTP request's details under the URL bar: Headers, Body and Recent tabs. */
export function RequestDetails({ spec, tab, onSelect }: { spec: RequestSpec; tab: RequestTab; onSelect: (tab: RequestTab) => void }) {
  return (
    <Tabs<RequestTab>
      label="Request details"
      selected={tab}
      onSelect={onSelect}
      tabs={[
        { id: 'headers', label: `Headers (${spec.headers.filter((h) => h.enabled).length})`, content: () => <HeadersTab spec={spec} /> },
        {
          id: 'body',
          label: 'Body',
          content: () => (
            <Suspense fallback={LOADING}>
              <BodyEditor spec={spec} />
            </Suspense>
          ),
        },
        {
          id: 'recent',
          label: 'Recent',
          content: () => (
            <Suspense fallback={LOADING}>
              <RecentRequests />
            </Suspense>
          ),
        },
      ]}
    />
  );
}

/** The request's headers, with a preset for the Accept header above the rows. */
function HeadersTab({ spec }: { spec: RequestSpec }) {
  const { updateSpec } = useRequest();
  const accept = acceptValue(spec.headers);
  return (
    <div className="flex flex-col gap-2 p-2">
      <label className="flex items-center gap-2 text-sm">
        Accept preset
        <select
          className="field"
          value={ACCEPT_PRESETS.find((p) => p.value === accept)?.id ?? ''}
          onChange={(e) => updateSpec({ headers: withAccept(spec.headers, ACCEPT_PRESETS.find((p) => p.id === e.target.value)!.value) })}
        >
          {!ACCEPT_PRESETS.some((p) => p.value === accept) && <option value="">custom</option>}
          {ACCEPT_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <FieldRows noun="Header" rows={spec.headers} onChange={(headers) => updateSpec({ headers })} />
    </div>
  );
}
