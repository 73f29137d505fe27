import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNarrow } from '../state/pane-tabs-store.ts';

/**
 * Secondary toolbar controls: inline on a wide screen; on a narrow one folded behind "More", so the
 * toolbar takes two rows instead of four and the editor keeps its height.
 */
export function ToolbarMore({ children }: { children: ReactNode }) {
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!narrow) return <>{children}</>;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button ref={button} type="button" className="btn-ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        More
      </button>
      <div
        id={panelId}
        role="group"
        aria-label="More controls"
        hidden={!open}
        onKeyDown={closeOnEscape}
        className="flex basis-full flex-wrap items-center gap-2 text-sm"
      >
        {children}
      </div>
    </>
  );
}
