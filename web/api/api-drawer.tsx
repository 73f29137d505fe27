import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { useStore } from '../state/store.ts';
import { ErrorBoundary } from '../layout/error-boundary.tsx';
import { useApiPanel } from './api-panel-store.ts';

// The reference's data and view load on first open, not with the page.
const ApiReference = lazy(() => import('./api-reference.tsx').then((m) => ({ default: m.ApiReference })));

/** The toolbar's "API" button. */
export function ApiButton() {
  const { openApiReference } = useApiPanel();
  return (
    <button type="button" className="btn-ghost" onClick={() => openApiReference(null)}>
      API reference
    </button>
  );
}

/**
 * The API reference beside the playground (the whole screen on a phone): not modal, so the learner can
 * read it and keep typing; Esc or "Close" closes it and gives focus back to where it was.
 */
export function ApiDrawer() {
  const { apiPanelStore, closeApiReference } = useApiPanel();
  const open = useStore(apiPanelStore, (s) => s.open);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      return;
    }
    returnTo.current?.focus();
    returnTo.current = null;
  }, [open]);
  if (!open) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeApiReference();
    }
  };
  return (
    <aside
      role="dialog"
      aria-modal="false"
      aria-label="API reference"
      onKeyDown={onKeyDown}
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-slate-300 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex shrink-0 items-center gap-2 border-b border-slate-200 px-3 py-1 dark:border-slate-700">
        <h2 className="text-xs font-semibold tracking-wide uppercase text-slate-700 dark:text-slate-300">API reference</h2>
        <button type="button" className="btn-ghost ml-auto min-h-10" onClick={closeApiReference}>
          Close
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-auto">
        <ErrorBoundary name="API reference">
          <Suspense fallback={<p className="p-3 text-sm">Loading the API reference…</p>}>
            <ApiReference />
          </Suspense>
        </ErrorBoundary>
      </div>
    </aside>
  );
}
