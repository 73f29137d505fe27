/**
 * Keys that change an object's prototype chain when assigned (`obj[key] = …`) or merged
 * (`Object.assign`, spread into a setter): they never come from a client into an object.
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** True when `key` may be copied from client input into an object. */
export function isSafeKey(key: string): boolean {
  return !UNSAFE_KEYS.has(key);
}

/** Copies the own, safe, enumerable keys of `source` onto `target` (never through the prototype chain). */
export function assignSafe<T extends object>(target: T, source: object): T {
  for (const key of Object.keys(source)) {
    if (isSafeKey(key)) (target as Record<string, unknown>)[key] = (source as Record<string, unknown>)[key];
  }
  return target;
}

/**
 * Deletes every unsafe own key from `value` and from the objects and lists nested in it (e.g. a parsed
 * JSON body, where `__proto__` is an own key). Walks with its own stack, so no nesting overflows it.
 */
export function dropUnsafeKeys(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
      continue;
    }
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (isSafeKey(key)) pending.push(record[key]);
      else delete record[key];
    }
  }
}
