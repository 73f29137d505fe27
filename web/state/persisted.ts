/** Reads a JSON value saved under `key`, or `fallback` when missing, unreadable or blocked. */
export function loadJson<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Saves `value` as JSON under `key`; a full or blocked storage must never break the page. */
export function saveJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the page keeps working without persistence.
  }
}
