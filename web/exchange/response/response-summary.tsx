import type { ReactNode } from 'react';
import { formatBytes, formatDuration } from '../../layout/units.ts';
import { statusClass, type StatusClass } from './format.ts';
import type { ResponseView } from './read-response.ts';

const STATUS_COLOURS: Record<StatusClass, string> = {
  informational: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  success: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  redirect: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  'client-error': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  'server-error': 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
};

interface ResponseSummaryProps {
  response: ResponseView | null;
  pending: boolean;
  /** `METHOD url` of the last request sent. */
  sent: string | null;
  /** Whether `response` came from a program that no longer runs. */
  stale: boolean;
  /** A control another feature puts next to the status. */
  action: ReactNode;
}

/** The response's status line: status, time, size, whether it is of older code, and the request it answers. */
export function ResponseSummary({ response, pending, sent, stale, action }: ResponseSummaryProps) {
  return (
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
          {action}
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
  );
}
