/**
 * Compares a record's field with a query value. REST query values are strings, so a string also
 * matches a number, boolean or null field that prints the same (`?done=true` finds `done: true`).
 */
export function equalsQueryValue(field: unknown, wanted: unknown): boolean {
  return field === wanted || (typeof wanted === 'string' && coerceLike(wanted, field) === field);
}

/** Converts a query-string value to the type of `sample` (number, boolean, null); other values stay. */
export function coerceLike(value: unknown, sample: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (typeof sample === 'number' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (typeof sample === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (sample === null && value === 'null') return null;
  return value;
}
