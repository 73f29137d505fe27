/** Values captured by earlier steps of a check, by name. */
export type CaptureScope = Record<string, string>;

/** Replaces every `{{name}}` in `text` with the captured value; unknown names are left as they are. */
function substitute(text: string, scope: CaptureScope): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => (name in scope ? scope[name] : whole));
}

/** Substitutes captured values into every string inside `value` (a request or an expectation). */
export function resolveStrings<T>(value: T, scope: CaptureScope): T {
  const deep = (item: unknown): unknown => {
    if (typeof item === 'string') return substitute(item, scope);
    if (Array.isArray(item)) return item.map(deep);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, deep(v)]));
    }
    return item;
  };
  return deep(value) as T;
}
