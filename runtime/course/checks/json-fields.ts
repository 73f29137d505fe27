import type { JsonValue } from '../format/check-format.ts';

/** One leaf of a JSON value: a dot path (`data.todos.0.id`, as captures name them) and the value there. */
export interface JsonField {
  path: string;
  value: JsonValue;
}

const join = (parent: string, key: string | number): string => (parent === '' ? String(key) : `${parent}.${key}`);

/** Every leaf of `value` (a string, number, boolean, null, or an empty list or object), in document order. */
export function jsonFields(value: JsonValue, path = ''): JsonField[] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [{ path, value }] : value.flatMap((item, i) => jsonFields(item, join(path, i)));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [{ path, value }] : entries.flatMap(([key, item]) => jsonFields(item, join(path, key)));
  }
  return [{ path, value }];
}

/** The value at a dot path (`items.0.id`) of a parsed JSON value; undefined where there is none. */
export function valueAt(json: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined),
      json,
    );
}

/** Whether `path` is `ancestor` or lies inside it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`);
}

/**
 * The part of `value` a check should compare (check-format.ts's `expect.json`, matched partially): the
 * leaves at `kept` paths with the objects and lists around them. A list keeps its length, so a check
 * compares it with the same number of items: an item with no kept leaf reads `{}` (any object), and a
 * list of plain values with a leaf left out cannot say "any value" there, so it is left out whole.
 * Undefined when nothing is kept.
 */
export function pickJson(value: JsonValue, kept: ReadonlySet<string>, path = ''): JsonValue | undefined {
  if (kept.has(path)) return value;
  if (![...kept].some((k) => isWithin(k, path))) return undefined;
  if (Array.isArray(value)) {
    const items: JsonValue[] = [];
    for (const [i, item] of value.entries()) {
      const picked = pickJson(item, kept, join(path, i));
      if (picked !== undefined) items.push(picked);
      else if (item !== null && typeof item === 'object' && !Array.isArray(item)) items.push({});
      else return undefined;
    }
    return items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      const picked = pickJson(item, kept, join(path, key));
      // defineProperty: a key named __proto__ stays a plain key of the copy.
      if (picked !== undefined) Object.defineProperty(out, key, { value: picked, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return undefined;
}
