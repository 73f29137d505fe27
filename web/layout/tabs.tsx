import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its id, its label, and what it shows when selected. */
export interface TabSpec<T extends string> {
  id: T;
  label: ReactNode;
  content: () => ReactNode;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: TabSpec<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Controls at the end of the tab row (outside the tablist), e.g. "Clear console". */
  actions?: ReactNode;
}

/** ARIA tabs: arrow keys move between tabs, Tab moves into the panel. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, actions }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];

  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = (tabs.indexOf(current) + step + tabs.length) % tabs.length;
    onSelect(tabs[index].id);
    list.current?.querySelectorAll<HTMLElement>('[role=tab]')[index]?.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center gap-1 border-b border-slate-200 pr-2 dark:border-slate-700">
        <div ref={list} role="tablist" aria-label={label} onKeyDown={onKey} className="flex min-w-0 flex-1 flex-wrap gap-1 px-2">
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-${tab.id}`}
              aria-selected={tab.id === current.id}
              aria-controls={`${base}-${tab.id}-panel`}
              tabIndex={tab.id === current.id ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`px-2 py-1 text-sm ${
                tab.id === current.id
                  ? 'border-b-2 border-blue-700 font-semibold dark:border-blue-400'
                  : 'text-slate-700 dark:text-slate-300'
              }`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {actions}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${current.id}-panel`}
        aria-labelledby={`${base}-${current.id}`}
        className="min-h-0 flex-1 overflow-auto"
      >
        {current.content()}
      </div>
    </div>
  );
}
