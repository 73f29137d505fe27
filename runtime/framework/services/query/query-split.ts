import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';
import { assertQueryShape, describe, isObject } from './query-shape.ts';

/** The special keys of a query (MemoryService, PgService), coerced from query-string text where needed. */
export interface QueryFilters {
  /** Most records to return. */
  $limit?: number;
  /** Matching records to skip first. */
  $skip?: number;
  /** Sort keys: 1 ascending, -1 descending. */
  $sort?: Record<string, number>;
  /** Fields to return (the id field always comes along). */
  $select?: string[];
}

/** A query split into its filters and the conditions (`where`) records must meet. */
export interface SplitQuery {
  /** The special keys. */
  filters: QueryFilters;
  /** Everything else: field conditions, `$or`, `$and`. */
  where: Row;
}

const FILTER_KEYS = new Set(['$limit', '$skip', '$sort', '$select']);

/**
 * Splits `query` into filters (`$limit`, `$skip`, `$sort`, `$select`) and conditions, refusing (400)
 * any part of the wrong shape, so every query-language service answers the same query alike.
 */
export function splitQuery(query: unknown): SplitQuery {
  const where: Row = {};
  const filters: QueryFilters = {};
  if (!isObject(query)) return { filters, where };
  for (const [key, value] of Object.entries(query)) if (!FILTER_KEYS.has(key)) where[key] = value;
  assertQueryShape(where);
  if (query.$limit !== undefined) filters.$limit = toCount(query.$limit, '$limit');
  if (query.$skip !== undefined) filters.$skip = toCount(query.$skip, '$skip');
  if (query.$sort !== undefined) filters.$sort = toSort(query.$sort);
  if (query.$select !== undefined) filters.$select = toFieldList(query.$select);
  return { filters, where };
}

/** `$limit` and `$skip` count records: a whole number, 0 or more (`$skip=-5` is a 400 on every service). */
function toCount(value: unknown, key: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0) throw frameworkErrors.badQueryFilter(key, 'a whole number, 0 or more', describe(value));
  return n;
}

function toSort(value: unknown): Record<string, number> {
  if (!isObject(value)) throw frameworkErrors.badQueryFilter('$sort', 'an object of fields, e.g. $sort[name]=1', describe(value));
  return Object.fromEntries(
    Object.entries(value).map(([key, dir]) => {
      const n = typeof dir === 'number' || typeof dir === 'string' ? Number(dir) : NaN;
      if (n !== 1 && n !== -1) throw frameworkErrors.badQueryFilter(`$sort[${key}]`, '1 or -1', describe(dir));
      if (key.includes('\0')) throw frameworkErrors.nulInQuery('$sort');
      return [key, n];
    }),
  );
}

function toFieldList(value: unknown): string[] {
  const fields = toList(value);
  for (const field of fields) {
    if (typeof field !== 'string')
      throw frameworkErrors.badQueryFilter('$select', 'a list of field names', `a list holding ${describe(field)}`);
    if (field.includes('\0')) throw frameworkErrors.nulInQuery('$select');
  }
  return fields as string[];
}

/** Query strings give lists as arrays, or as objects (`a[0]=x`) past qs's array limit; a single value is a list of one. */
export function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [value];
}
