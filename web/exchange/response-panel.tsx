import { lazy, Suspense, useState } from 'react';
import { useStore } from '../state/store.ts';
import { useEngine, useSession } from '../engine/engine-context.tsx';
import { Tabs, type TabSpec } from '../layout/tabs.tsx';
import { useExchange } from './exchange-store.ts';
import { bodyKind, parseJson, prettyJson, statusClass, type StatusClass } from './response/format.ts';
import { formatBytes, formatDuration } from '../layout/units.ts';
import { JsonTree } from './response/json-tree.tsx';
import { useExchangeSlots } from './exchange-slots.tsx';
import type { ResponseView } from './response/read-response.ts';
import { useGoToLine } from './use-go-to-line.ts';

// The Trace tab's view loads when the tab is chosen.
const TraceView = lazy(() => import('./response/trace-view.tsx').then((m) => ({ default: m.TraceView })));

const STATUS_COLOURS: Record<StatusClass, string> = {
  informational: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  success: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  redirect: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  'client-error': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  'server-error': 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

type Tab = 'body' | 'preview' | 'headers' | 'trace';

function Body({ view }: { view: ResponseView }) {
  const kind = bodyKind(view.contentType, view.body);
  if (kind === 'empty') return <p className="p-2 text-sm italic">Empty body.</p>;
  if (kind === 'binary')
    return (
      <p className="p-2 text-sm italic">
        Binary body ({view.contentType}, {formatBytes(view.size)}), not shown.
      </p>
    );
  if (kind === 'json') {
    const value = parseJson(view.body);
    return (
      <div className="p-2">
        <GraphQLErrors value={value} />
        <JsonTree value={value} />
      </div>
    );
  }
  return (
    <pre className="p-2 font-mono text-xs whitespace-pre-wrap break-words" aria-label="Response body">
      {prettyJson(view.body)}
    </pre>
  );
}

/** A GraphQL response's `errors`, highlighted above the tree (as text: never HTML). */
function GraphQLErrors({ value }: { value: unknown }) {
  const errors = (value as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return (
    <ul
      role="alert"
      aria-label="GraphQL errors"
      className="mb-2 list-disc rounded bg-red-100 py-1 pl-6 text-xs text-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {errors.map((error, i) => (
        <li key={i}>
          {typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : JSON.stringify(error)}
        </li>
      ))}
    </ul>
  );
}

function HeadersTable({ view }: { view: ResponseView }) {
  return (
    <table className="m-2 font-mono text-xs">
      <caption className="sr-only">Response headers</caption>
      <tbody>
        {view.headers.map(([name, value]) => (
          <tr key={name}>
            <th scope="row" className="pr-3 text-left align-top font-semibold">
              {name}
            </th>
            <td className="break-all">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The program's answer: status, timing, size, body (JSON tree, text or sandboxed HTML), headers. */
export function ResponsePanel() {
  const { exchangeStore } = useExchange();
  const { ResponseAction } = useExchangeSlots();
  const engine = useEngine();
  const { pending, sent, response, error } = useStore(exchangeStore, (s) => s);
  const html = response ? bodyKind(response.contentType, response.body) === 'html' : false;
  const [tab, setTab] = useState<Tab>(html ? 'preview' : 'body');
  const session = useSession();
  const running = useStore(session.store, (s) => s.runningId);
  const editor = useGoToLine();
  // The program a request went to; once another program runs, its answer describes code that is gone.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Set while rendering, when a send starts (React's pattern for state that follows a prop), not in an effect.
  const [wasPending, setWasPending] = useState(false);
  if (pending !== wasPending) {
    setWasPending(pending);
    if (pending) setSentTo(running);
  }
  const stale = response !== null && !pending && sentTo !== null && running !== null && running !== sentTo;
  // A rendered page is what a learner expects from an HTML response; JSON and text show as body.
  const [tabOf, setTabOf] = useState(response);
  if (tabOf !== response) {
    setTabOf(response);
    // A learner watching traces keeps watching them, request after request.
    if (tab !== 'trace' || !response?.trace) setTab(html ? 'preview' : 'body');
  }

  if (!response && !error) {
    return (
      <p className="p-3 text-sm text-slate-700 dark:text-slate-300">
        {pending ? `Waiting for ${sent}…` : 'Send a request to see the response.'}
      </p>
    );
  }
  const tabs: TabSpec<Tab>[] = response
    ? [
        { id: 'body', label: 'Body', content: () => <Body view={response} /> },
        ...(html
          ? [
              {
                id: 'preview' as const,
                label: 'Preview',
                content: () => (
                  // No allow-same-origin and no scripts: the page cannot reach the playground or its storage.
                  <iframe title="HTML preview" sandbox="" srcDoc={response.body} className="h-full min-h-48 w-full bg-white" />
                ),
              },
            ]
          : []),
        { id: 'headers', label: `Headers (${response.headers.length})`, content: () => <HeadersTable view={response} /> },
        ...(response.trace
          ? [
              {
                id: 'trace' as const,
                label: 'Trace',
                content: () =>
                  response.trace && (
                    <Suspense fallback={null}>
                      <TraceView trace={response.trace} editor={editor} />
                    </Suspense>
                  ),
              },
            ]
          : []),
      ]
    : [];

  return (
    <div className="flex min-h-0 flex-1 flex-col" aria-busy={pending}>
      <div className="flex shrink-0 flex-wrap items-center gap-3 p-2 text-sm" aria-live="polite">
        {response && (
          <>
            <span
              data-testid="response-status"
              className={`rounded px-2 py-0.5 font-mono font-semibold ${STATUS_COLOURS[statusClass(response.status)]}`}
            >
              {response.status} {response.statusText}
            </span>
            <span>{formatDuration(response.timeMs)}</span>
            <span>{formatBytes(response.size)}</span>
            {ResponseAction && !pending && <ResponseAction />}
            {stale && (
              <span
                data-testid="response-stale"
                className="rounded border border-amber-700 px-1.5 text-xs text-amber-900 dark:border-amber-400 dark:text-amber-200"
              >
                from older code: send again to ask the current program
              </span>
            )}
          </>
        )}
        <span className="truncate font-mono text-xs text-slate-700 dark:text-slate-300">{pending ? `Sending ${sent}…` : sent}</span>
      </div>
      {error && (
        <p role="alert" className="mx-2 rounded border border-red-700 p-2 text-sm dark:border-red-400">
          {error}
        </p>
      )}
      {response?.timedOut && (
        <div
          role="alert"
          className="mx-2 rounded border border-amber-700 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Your program did not answer.</p>
          <p>
            The request ran longer than {formatDuration(engine.requestTimeoutMs)}, so the playground stopped the program and restarted it.
            Look for an endless loop or a promise that never settles, fix it, and send again.
          </p>
        </div>
      )}
      {response && <Tabs<Tab> label="Response" tabs={tabs} selected={tab} onSelect={setTab} />}
    </div>
  );
}
