import { Children, isValidElement, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { DEFAULT_LAYOUT, useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';

interface SplitProps {
  /** Key under which the sizes are remembered in the layout store. */
  id: string;
  direction: 'row' | 'column';
  /** Accessible names of the separators, one fewer than the children. */
  labels: string[];
  children: ReactNode;
}

/** Smallest pane size in percent, so no pane can be dragged out of reach. */
const MIN = 8;
const KEY_STEP = 2;

/** Moves the boundary after pane `index` by `delta` percent, keeping both neighbours above {@link MIN}. */
export function resize(sizes: number[], index: number, delta: number): number[] {
  const a = sizes[index];
  const b = sizes[index + 1];
  const clamped = Math.max(MIN - a, Math.min(b - MIN, delta));
  return sizes.map((s, i) => (i === index ? a + clamped : i === index + 1 ? b - clamped : s));
}

/** Panes side by side (row) or stacked (column), with draggable, keyboard-operable separators. */
export function Split({ id, direction, labels, children }: SplitProps) {
  const { layoutStore, setSplitSizes } = useLayout();
  const panes = Children.toArray(children);
  const saved = useStore(layoutStore, (s) => s.splits[id]);
  // A saved layout from an older version with another pane count falls back to the defaults.
  const sizes = [saved, DEFAULT_LAYOUT.splits[id]].find((s) => s?.length === panes.length) ?? panes.map(() => 100 / panes.length);
  const container = useRef<HTMLDivElement>(null);
  const row = direction === 'row';

  const startDrag = (index: number) => (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    const origin = row ? event.clientX : event.clientY;
    const total = row ? box.width : box.height;
    const start = sizes;
    const move = (e: globalThis.PointerEvent) =>
      setSplitSizes(id, resize(start, index, (((row ? e.clientX : e.clientY) - origin) / total) * 100));
    const stop = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', stop);
      handle.removeEventListener('pointercancel', stop);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', stop);
    handle.addEventListener('pointercancel', stop);
  };

  const onKey = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    const back = row ? 'ArrowLeft' : 'ArrowUp';
    const forward = row ? 'ArrowRight' : 'ArrowDown';
    if (event.key !== back && event.key !== forward) return;
    event.preventDefault();
    setSplitSizes(id, resize(sizes, index, event.key === forward ? KEY_STEP : -KEY_STEP));
  };

  return (
    <div ref={container} className={`flex min-h-0 min-w-0 flex-1 ${row ? 'flex-row' : 'flex-col'}`}>
      {panes.map((pane, i) => (
        // Keyed by the pane's own key: when a pane leaves (the notes close), the others move, never remount.
        <div key={isValidElement(pane) && pane.key !== null ? pane.key : i} className="contents">
          <div className="flex min-h-0 min-w-0 overflow-hidden" style={{ flexBasis: `${sizes[i]}%`, flexGrow: 0, flexShrink: 1 }}>
            {pane}
          </div>
          {i < panes.length - 1 && (
            <div
              role="separator"
              tabIndex={0}
              aria-label={labels[i]}
              aria-orientation={row ? 'vertical' : 'horizontal'}
              aria-valuenow={Math.round(sizes[i])}
              aria-valuemin={MIN}
              aria-valuemax={100 - MIN}
              onPointerDown={startDrag(i)}
              onKeyDown={onKey(i)}
              className={`splitter shrink-0 bg-slate-300 hover:bg-blue-600 dark:bg-slate-700 dark:hover:bg-blue-400 ${
                row ? 'w-1.5 cursor-col-resize' : 'h-1.5 cursor-row-resize'
              }`}
            />
          )}
        </div>
      ))}
    </div>
  );
}
