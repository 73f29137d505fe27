import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useStore } from '../state/store.ts';
import { useEngine, useProgramState } from '../engine/engine-context.tsx';
import { Tabs } from '../layout/tabs.tsx';
import { useExchange } from './exchange-store.ts';
import { toCurl } from './request/curl.ts';
import { FieldRows } from './request/field-rows.tsx';
import { ACCEPT_PRESETS, FALLBACK_ORIGIN, acceptValue, withAccept } from './request/request-model.ts';
import { METHODS, type Method } from '../../runtime/contract/http-request.ts';
import { useRequest } from './request/request-store.ts';

// The WebSocket mode's panel, and the Body and Recent tabs, load when chosen: a first request is a GET with headers.
const SocketPanel = lazy(() => import('./request/socket-panel.tsx').then((m) => ({ default: m.SocketPanel })));
const BodyEditor = lazy(() => import('./request/body-editor.tsx').then((m) => ({ default: m.BodyEditor })));
const RecentRequests = lazy(() => import('./request/recent-requests.tsx').then((m) => ({ default: m.RecentRequests })));
const LOADING = <p className="p-2 text-sm">Loading…</p>;

type Tab = 'headers' | 'body' | 'recent';

/** Builds and sends a request to the learner's program: method, URL, headers, body, cURL export. */
export function RequestPanel() {
  const { exchangeStore, sendRequest } = useExchange();
  const { requestStore, updateSpec } = useRequest();
  const engine = useEngine();
  const program = useProgramState();
  const spec = useStore(requestStore, (s) => s.spec);
  const pending = useStore(exchangeStore, (s) => s.pending);
  const [chosenOrigin, setChosenOrigin] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('headers');
  const [copied, setCopied] = useState('');
  const origin = program.origins.find((o) => o === chosenOrigin) ?? program.origins[0] ?? FALLBACK_ORIGIN;
  const accept = acceptValue(spec.headers);

  const send = () => void sendRequest(spec, origin, engine);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };
  const copyCurl = async () => {
    const command = toCurl(spec, origin);
    try {
      await navigator.clipboard.writeText(command);
      setCopied('Copied the cURL command.');
    } catch {
      setCopied(command);
    }
  };

  const modeSwitch = (
    <fieldset className="flex shrink-0 gap-3 px-2 text-sm">
      <legend className="sr-only">Request mode</legend>
      {(['http', 'websocket'] as const).map((mode) => (
        <label key={mode} className="flex items-center gap-1">
          <input type="radio" name="request-mode" value={mode} checked={spec.mode === mode} onChange={() => updateSpec({ mode })} />
          {mode === 'http' ? 'HTTP' : 'WebSocket'}
        </label>
      ))}
    </fieldset>
  );
  if (spec.mode === 'websocket') {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        {modeSwitch}
        <Suspense fallback={LOADING}>
          <SocketPanel spec={spec} origin={origin} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <form className="flex shrink-0 flex-wrap items-center gap-1 p-2" onSubmit={(e) => (e.preventDefault(), send())}>
        <select
          className="field font-semibold"
          aria-label="Method"
          value={spec.method}
          onChange={(e) => updateSpec({ method: e.target.value as Method })}
        >
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        {program.origins.length > 1 ? (
          <select className="field font-mono text-xs" aria-label="Server" value={origin} onChange={(e) => setChosenOrigin(e.target.value)}>
            {program.origins.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        ) : (
          <span
            className="font-mono text-xs text-slate-700 dark:text-slate-300"
            title={program.origins.length ? 'Registered by startServer' : 'No server started yet'}
          >
            {origin}
          </span>
        )}
        <input
          className="field min-w-24 flex-1 font-mono"
          aria-label="Path and query"
          value={spec.path}
          onChange={(e) => updateSpec({ path: e.target.value })}
        />
        <button type="submit" className="btn" disabled={pending}>
          {pending ? 'Sending…' : 'Send'}
        </button>
        <button type="button" className="btn-ghost" onClick={() => void copyCurl()}>
          Copy as cURL
        </button>
      </form>
      {/* After the URL bar: the method stays the panel's first stop (the skip link lands there). */}
      {modeSwitch}
      {copied && (
        <p role="status" className="mx-2 truncate font-mono text-xs" title={copied}>
          {copied}
        </p>
      )}
      <Tabs<Tab>
        label="Request details"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'headers',
            label: `Headers (${spec.headers.filter((h) => h.enabled).length})`,
            content: () => (
              <div className="flex flex-col gap-2 p-2">
                <label className="flex items-center gap-2 text-sm">
                  Accept preset
                  <select
                    className="field"
                    value={ACCEPT_PRESETS.find((p) => p.value === accept)?.id ?? ''}
                    onChange={(e) =>
                      updateSpec({ headers: withAccept(spec.headers, ACCEPT_PRESETS.find((p) => p.id === e.target.value)!.value) })
                    }
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
            ),
          },
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
      <p className="shrink-0 px-2 pb-1 text-xs text-slate-700 dark:text-slate-300">Ctrl/Cmd+Enter sends while focus is in this panel.</p>
    </div>
  );
}
