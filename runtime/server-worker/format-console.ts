/** Formats console arguments the way a terminal shows them: strings as is, errors by stack, values as JSON. */
export function formatArgs(args: readonly unknown[], mapStack: (stack: string) => string): string {
  return args.map((arg) => formatValue(arg, mapStack)).join(' ');
}

function formatValue(value: unknown, mapStack: (stack: string) => string): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ? mapStack(value.stack) : `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[Function ${value.name || '(anonymous)'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined || typeof value === 'symbol' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
