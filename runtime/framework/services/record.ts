import { frameworkErrors } from '../errors/framework-errors.ts';
import { isSafeKey } from '../objects/safe-keys.ts';

/** A record, as every service stores it and the query language reads it: a JSON object with string keys. */
export type Row = Record<string, unknown>;

/**
 * How deep a record may nest. Far more than real data needs, far less than what makes
 * `JSON.stringify` overflow the stack when a reply (a list of records) is sent.
 */
const MAX_RECORD_DEPTH = 100;

/**
 * The JSON copy of `data` a service stores: only own, safe keys (no `__proto__`, `constructor`,
 * `prototype`), values as `JSON.stringify` would write them (Dates as ISO text, `undefined` fields
 * dropped). Anything that could not be sent back — not an object, nested deeper than
 * MAX_RECORD_DEPTH, a cycle, a BigInt — is refused with a 400 before anything is stored, so a record
 * that got in can always be read out. Copying also keeps callers from sharing state with the store.
 */
export function recordCopy(data: unknown): Row {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw frameworkErrors.recordNotObject();
  }
  return copyValue(data, 0) as Row;
}

function copyValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return copyScalar(value);
  if (depth >= MAX_RECORD_DEPTH) {
    throw frameworkErrors.recordTooDeep(MAX_RECORD_DEPTH);
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return copyValue(toJSON.call(value), depth);
  if (Array.isArray(value)) return value.map((item) => copyValue(item, depth + 1) ?? null);
  const copy: Row = {};
  for (const key of Object.keys(value)) {
    if (!isSafeKey(key)) continue;
    const item = copyValue((value as Row)[key], depth + 1);
    if (item !== undefined) copy[key] = item;
  }
  return copy;
}

/** A JSON scalar as JSON.stringify writes it: non-finite numbers become null; functions, symbols and undefined vanish. */
function copyScalar(value: unknown): unknown {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      throw frameworkErrors.recordBigInt();
    default:
      return value === null ? null : undefined;
  }
}
