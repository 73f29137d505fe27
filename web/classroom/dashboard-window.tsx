import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

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
 * A table whose body draws only the rows on screen (and a few around them) once there are more than fit:
 * the page scrolls as usual, and spacer rows keep the scroll bar and the row positions true. Rows must be
 * `rowHeight` pixels high.
 */
export function WindowedTable({
  label,
  head,
  count,
  rowHeight,
  columns,
  row,
}: {
  label: string;
  head: ReactNode;
  count: number;
  rowHeight: number;
  columns: number;
  /** The row at `index` (a `<tr>` with its key). */
  row: (index: number) => ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
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
    // What sits above the table (the stuck list) grows and shrinks: the table moves without a scroll.
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
    <table className="w-full table-fixed border-collapse text-sm" aria-label={label} aria-rowcount={count + 1}>
      <thead className="sticky top-0 z-10 bg-white dark:bg-slate-900">{head}</thead>
      <tbody ref={body}>
        {first > 0 && (
          <tr aria-hidden="true" style={{ height: first * rowHeight }}>
            <td colSpan={columns} />
          </tr>
        )}
        {rows}
        {last < count && (
          <tr aria-hidden="true" style={{ height: (count - last) * rowHeight }}>
            <td colSpan={columns} />
          </tr>
        )}
      </tbody>
    </table>
  );
}
