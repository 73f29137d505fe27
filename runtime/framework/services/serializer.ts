import { isSafeKey } from '../objects/safe-keys.ts';

/** A plain record, as map-based services store it. */
export type PlainMap = Record<string, unknown>;

/** Converts between class instances and the maps a map-based service stores. */
export interface Serializer<T> {
  /** The instance as a plain map (dates as ISO strings). */
  toMap(obj: T): PlainMap;
  /** A new instance from a stored map (ISO strings of date fields back to Dates). */
  fromMap(map: PlainMap): T;
}

const TIMESTAMP_KEYS = new Set(['created_at', 'createdAt', 'updated_at', 'updatedAt']);

/**
 * The default serializer for a plain class with a no-argument constructor: `toMap` copies the own
 * fields (Dates become ISO strings); `fromMap` builds an instance and turns the timestamp fields and
 * every field the fresh instance holds a Date in back into Dates.
 */
export function classSerializer<T extends object>(type: new () => T): Serializer<T> {
  return {
    toMap(obj) {
      const map: PlainMap = {};
      for (const [key, value] of Object.entries(obj)) {
        if (isSafeKey(key) && value !== undefined) map[key] = value instanceof Date ? value.toISOString() : value;
      }
      return map;
    },
    fromMap(map) {
      const obj = new type() as T & PlainMap;
      for (const [key, value] of Object.entries(map)) {
        // `obj[key] = …` with `__proto__` would replace the instance's prototype.
        if (!isSafeKey(key)) continue;
        const isDate = TIMESTAMP_KEYS.has(key) || obj[key] instanceof Date;
        (obj as PlainMap)[key] = isDate && typeof value === 'string' ? new Date(value) : value;
      }
      return obj;
    },
  };
}
