import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useStore } from '../state/store.ts';
import { useExchange } from '../exchange/exchange-store.ts';
import { type StackedPane, usePaneTabs } from '../state/pane-tabs-store.ts';

/** One stacked pane: its tab's label and its content. */
export interface StackedPaneSpec {
  id: StackedPane;
  label: string;
  content: ReactNode;
}

/**
 * The narrow-screen layout: one pane at a time, full width, chosen by tabs; `footer` (the lesson's checks
 * bar) stays on every tab. Every pane stays mounted, so the editor keeps its undo history and scroll.
 */
export function StackedPanes({ panes, footer }: { panes: StackedPaneSpec[]; footer?: ReactNode }) {
  const { exchangeStore } = useExchange();
  const { paneTabsStore } = usePaneTabs();
  const selected = useStore(paneTabsStore, (s) => s.pane);
  const list = useRef<HTMLDivElement>(null);
  const select = (pane: StackedPane) => paneTabsStore.set({ pane });

  // Sending from the Request tab would otherwise leave the answer on a tab the learner cannot see.
  useEffect(() => {
    let pending = exchangeStore.get().pending;
    return exchangeStore.subscribe(() => {
      const now = exchangeStore.get().pending;
      if (now && !pending) paneTabsStore.set({ pane: 'response' });
      pending = now;
    });
  }, [exchangeStore, paneTabsStore]);

  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = (panes.findIndex((p) => p.id === selected) + step + panes.length) % panes.length;
    select(panes[index].id);
    list.current?.querySelectorAll<HTMLElement>('[role=tab]')[index]?.focus();
  };

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div
        ref={list}
        role="tablist"
        aria-label="Panes"
        onKeyDown={onKey}
        className="grid shrink-0 grid-cols-4 border-b border-slate-300 dark:border-slate-700"
      >
        {panes.map((pane) => (
          <button
            key={pane.id}
            type="button"
            role="tab"
            id={`pane-tab-${pane.id}`}
            aria-selected={pane.id === selected}
            aria-controls={`pane-panel-${pane.id}`}
            tabIndex={pane.id === selected ? 0 : -1}
            onClick={() => select(pane.id)}
            className="min-h-11 px-1 text-sm aria-selected:border-b-2 aria-selected:border-blue-700 aria-selected:font-semibold dark:aria-selected:border-blue-400"
          >
            {pane.label}
          </button>
        ))}
      </div>
      {panes.map((pane) => (
        <div
          key={pane.id}
          role="tabpanel"
          id={`pane-panel-${pane.id}`}
          aria-labelledby={`pane-tab-${pane.id}`}
          hidden={pane.id !== selected}
          className="flex min-h-0 min-w-0 flex-1 flex-col"
        >
          {pane.content}
        </div>
      ))}
      {footer}
    </div>
  );
}
