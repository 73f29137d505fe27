import type { JsonValue } from '../format/check-format.ts';

/**
 * Compares `actual` with the partial `expected` JSON: objects need the listed keys (extra keys are
 * fine), arrays need the same length and matching elements, anything else must be equal.
 * Returns one sentence per mismatch, naming where it is (`json.items[0].text`).
 */
export function matchJson(expected: JsonValue, actual: unknown, where = 'json'): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`Expected ${where} to be a list, but it is ${show(actual)}.`];
    if (actual.length !== expected.length) {
      return [`Expected ${where} to have ${expected.length} item(s), but it has ${actual.length}: ${show(actual)}.`];
    }
    return expected.flatMap((item, i) => matchJson(item, actual[i], `${where}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`Expected ${where} to be an object, but it is ${show(actual)}.`];
    }
    const record = actual as Record<string, unknown>;
    const missing = Object.keys(expected).filter((key) => !(key in record));
    const failures = Object.entries(expected).flatMap(([key, value]) =>
      key in record ? matchJson(value, record[key], `${where}.${key}`) : [],
    );
    if (missing.length === 1) failures.unshift(`Expected ${where} to have the key "${missing[0]}", but it is missing.`);
    if (missing.length > 1)
      failures.unshift(
        `Expected ${where} to have the keys ${missing.map((k) => `"${k}"`).join(', ')}, but they are missing: ${show(actual)}.`,
      );
    return failures;
  }
  return Object.is(expected, actual) ? [] : [`Expected ${where} to be ${show(expected)}, but it is ${show(actual)}.`];
}

/** A short JSON rendering of a value for failure messages. */
export function show(value: unknown, max = 200): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
