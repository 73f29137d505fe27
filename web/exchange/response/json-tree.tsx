import { jsonSummary } from './format.ts';

/** Levels open at first; deeper objects start collapsed. */
const OPEN_DEPTH = 2;

function Scalar({ value }: { value: unknown }) {
  const colour =
    typeof value === 'string'
      ? 'text-green-800 dark:text-green-300'
      : typeof value === 'number'
        ? 'text-blue-800 dark:text-blue-300'
        : 'text-purple-800 dark:text-purple-300';
  return <span className={colour}>{JSON.stringify(value)}</span>;
}

function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const label = name === undefined ? null : <span className="text-slate-700 dark:text-slate-300">{JSON.stringify(name)}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="pl-4">
        {label}
        <Scalar value={value} />
      </div>
    );
  }
  const entries = Array.isArray(value)
    ? (value as unknown[]).map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  return (
    <details open={depth < OPEN_DEPTH} className="pl-4">
      <summary className="cursor-pointer">
        {label}
        <span className="text-slate-600 dark:text-slate-400">{jsonSummary(value)}</span>
      </summary>
      {entries.map(([key, child]) => (
        <Node key={key} name={Array.isArray(value) ? undefined : key} value={child} depth={depth + 1} />
      ))}
    </details>
  );
}

/** A JSON value as a collapsible tree (native details/summary: keyboard operable, text only). */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <div className="-ml-4 font-mono text-xs" aria-label="JSON body">
      <Node value={value} depth={0} />
    </div>
  );
}
