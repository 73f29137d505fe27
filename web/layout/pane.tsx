import type { ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary.tsx';

interface PaneProps {
  /** Visible heading and accessible name of the region. */
  title: string;
  /** Controls shown at the right of the heading. */
  actions?: ReactNode;
  /** Target of a skip link: the region then takes focus when the link is followed. */
  id?: string;
  children: ReactNode;
}

/** A titled region of the playground with its own error boundary. */
export function Pane({ title, actions, id, children }: PaneProps) {
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-label={title}
      className="flex min-h-0 min-w-0 flex-1 flex-col bg-white dark:bg-slate-900"
    >
      <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 px-3 py-1 dark:border-slate-700">
        <h2 className="text-xs font-semibold tracking-wide uppercase text-slate-700 dark:text-slate-300">{title}</h2>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </header>
      <div className="flex min-h-0 flex-1 flex-col overflow-auto">
        <ErrorBoundary name={title}>{children}</ErrorBoundary>
      </div>
    </section>
  );
}
