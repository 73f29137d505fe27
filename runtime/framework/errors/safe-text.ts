/**
 * Text for any thrown or reported value, without ever throwing: `String(value)` throws for objects
 * without a prototype or whose `toString` is not a function, and getters or proxies may throw too.
 * Strings and other primitives give their text; an Error or an object with a string `message` gives
 * that message; anything else (null, undefined, other objects) gives `fallback`.
 */
export function safeText(value: unknown, fallback: string): string {
  try {
    if (typeof value === 'string') return value;
    if (value === null || value === undefined) return fallback;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'symbol')
      return String(value);
    const message = (value as { message?: unknown }).message;
    return typeof message === 'string' ? message : fallback;
  } catch {
    return fallback;
  }
}
