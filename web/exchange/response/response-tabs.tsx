import { lazy, Suspense, useState } from 'react';
import { Tabs, type TabSpec } from '../../layout/tabs.tsx';
import { formatBytes } from '../../layout/units.ts';
import { useGoToLine } from '../use-go-to-line.ts';
import { bodyKind, parseJson, prettyJson } from './format.ts';
import { JsonTree } from './json-tree.tsx';
import type { ResponseView } from './read-response.ts';

// The Trace tab's view loads when the tab is chosen.
const TraceView = lazy(() => import('./trace-view.tsx').then((m) => ({ default: m.TraceView })));

/** A tab of the response panel. */
export type ResponseTab = 'body' | 'preview' | 'headers' | 'trace';

interface ResponseTabsProps {
  response: ResponseView;
  /** Whether the body is an HTML page, shown rendered in a Preview tab. */
  html: boolean;
  tab: ResponseTab;
  onSelect: (tab: ResponseTab) => void;
}

/** The response's Body, Preview (HTML only), Headers and Trace (when traced) tabs. */
export function ResponseTabs({ response, html, tab, onSelect }: ResponseTabsProps) {
  const editor = useGoToLine();
  const tabs: TabSpec<ResponseTab>[] = [
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
  ];
  return <Tabs<ResponseTab> label="Response" tabs={tabs} selected={tab} onSelect={onSelect} />;
}

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

/**
 * The response tab shown: a rendered page for an HTML response, the body for the rest; a learner watching traces
 * keeps watching them, request after request.
 */
export function useResponseTab(response: ResponseView | null, html: boolean): [ResponseTab, (tab: ResponseTab) => void] {
  const [tab, setTab] = useState<ResponseTab>(html ? 'preview' : 'body');
  // Set while rendering, when another response arrives (React's pattern for state that follows a prop), not in an effect.
  const [tabOf, setTabOf] = useState(response);
  if (tabOf !== response) {
    setTabOf(response);
    if (tab !== 'trace' || !response?.trace) setTab(html ? 'preview' : 'body');
  }
  return [tab, setTab];
}
