import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';

/** Rows drawn beyond the screen's edges, so a scroll shows rows already there. */
const OVERSCAN = 8;

/** The rows of `count` (each `rowHeight` px) that the window shows now, with the overscan around them. */
function visibleRange(body: HTMLElement | null, count: number, rowHeight: number): [number, number] {
  if (!body) return [0, Math.min(count, 40)];
  const top = body.getBoundingClientRect().top;
  const first = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN);
  return [Math.min(first, last), last];
}

/**
 * Where a row of a windowed grid sits and how it is laid out: at its own place, of a fixed size, and
 * contained (`contain: strict`), so a change inside one row lays out that row alone, never the grid.
 */
export function rowStyle(index: number, rowHeight: number, columns: string): CSSProperties {
  return { top: index * rowHeight, height: rowHeight, gridTemplateColumns: columns, contain: 'strict' };
}

/** The classes of every row of a windowed grid (its style comes from rowStyle). */
export const ROW_CLASS = 'absolute inset-x-0 grid leading-6 border-t border-slate-300 dark:border-slate-700';

/**
 * An ARIA grid whose body draws only the rows on screen (and a few around them) once there are more than
 * fit: the page scrolls as usual, the body keeps the height of every row, and each row is placed at its
 * own offset (rowStyle). Rows must be `rowHeight` pixels high; `head` is the header row.
 */
export function WindowedGrid({
  label,
  head,
  count,
  rowHeight,
  row,
}: {
  label: string;
  head: ReactNode;
  count: number;
  rowHeight: number;
  /** The row at `index` (a `role="row"` with its key, `aria-rowindex` index + 2, placed by rowStyle). */
  row: (index: number) => ReactNode;
}) {
  const body = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>(() => [0, Math.min(count, 40)]);
  const measure = useCallback(() => {
    const [first, last] = visibleRange(body.current, count, rowHeight);
    setRange((current) => (current[0] === first && current[1] === last ? current : [first, last]));
  }, [count, rowHeight]);
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    // What sits above the grid (the stuck list) grows and shrinks: the grid moves without a scroll.
    const resized = new ResizeObserver(onChange);
    resized.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      resized.disconnect();
    };
  }, [measure]);
  const [first, last] = [Math.min(range[0], count), Math.min(range[1], count)];
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index++) rows.push(row(index));
  return (
    <div role="grid" className="w-full text-sm" aria-label={label} aria-rowcount={count + 1} aria-readonly="true">
      <div role="rowgroup" className="sticky top-0 z-10 bg-white dark:bg-slate-900">
        {head}
      </div>
      <div role="rowgroup" ref={body} className="relative" style={{ height: count * rowHeight }}>
        {rows}
      </div>
    </div>
  );
}
