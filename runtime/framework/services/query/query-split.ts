import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';

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

/** Splits `query` into filters (`$limit`, `$skip`, `$sort`, `$select`) and conditions. */
export function splitQuery(query: unknown): SplitQuery {
  const where: Row = {};
  const filters: QueryFilters = {};
  if (!isObject(query)) return { filters, where };
  for (const [key, value] of Object.entries(query)) if (!FILTER_KEYS.has(key)) where[key] = value;
  if (query.$limit !== undefined) filters.$limit = toNumber(query.$limit, '$limit');
  if (query.$skip !== undefined) filters.$skip = toNumber(query.$skip, '$skip');
  if (isObject(query.$sort)) {
    filters.$sort = Object.fromEntries(Object.entries(query.$sort).map(([key, dir]) => [key, toNumber(dir, '$sort')]));
  }
  if (query.$select !== undefined) filters.$select = toList(query.$select).map(String);
  return { filters, where };
}

function toNumber(value: unknown, key: string): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'boolean' || value === '' || Number.isNaN(n)) throw frameworkErrors.badQuery(`${key} must be a number, not ${JSON.stringify(value)}.`);
  return n;
}

/** Query strings give lists as arrays, or as objects (`a[0]=x`) past qs's array limit; a single value is a list of one. */
export function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return Object.values(value);
  return [value];
}

/** True for a plain object (not null, not an array). */
export function isObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

