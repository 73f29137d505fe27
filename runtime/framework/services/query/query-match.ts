import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';
import { coerceLike, equalsQueryValue } from './query-value.ts';
import { isObject } from './query-shape.ts';
import { toList } from './query-split.ts';

/** True when `row` meets every condition: field equality, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`, `$ne`, `$or`, `$and`. */
export function matches(row: Row, where: Row): boolean {
  return Object.entries(where).every(([key, condition]) => {
    if (key === '$or') return toList(condition).some((sub) => isObject(sub) && matches(row, sub));
    if (key === '$and') return toList(condition).every((sub) => isObject(sub) && matches(row, sub));
    const field = row[key];
    if (isObject(condition) && Object.keys(condition).some((op) => op.startsWith('$'))) {
      return Object.entries(condition).every(([op, operand]) => applyOperator(op, field, operand));
    }
    return equalsQueryValue(field, condition);
  });
}

/** A comparator for `$sort` (`{ name: 1, age: -1 }`). */
export function sorter(sort: Record<string, number>): (a: Row, b: Row) => number {
  const keys = Object.entries(sort);
  return (a, b) => {
    for (const [key, dir] of keys) {
      const order = compare(a[key], b[key]);
      if (order !== 0) return dir < 0 ? -order : order;
    }
    return 0;
  };
}

/** `row` reduced to the `$select`ed fields plus the id field. */
export function select<T extends Row>(row: T, fields: string[] | undefined, idField: string): T {
  if (!fields) return row;
  const picked: Row = {};
  for (const key of [idField, ...fields]) if (key in row) picked[key] = row[key];
  return picked as T;
}

function applyOperator(op: string, field: unknown, operand: unknown): boolean {
  // A Date bound compares with the ISO text records store (as PgService does).
  const value = coerceLike(operand instanceof Date ? operand.toISOString() : operand, field);
  switch (op) {
    case '$in':
      return toList(operand).some((v) => equalsQueryValue(field, v));
    case '$nin':
      return !toList(operand).some((v) => equalsQueryValue(field, v));
    case '$ne':
      return !equalsQueryValue(field, operand);
    case '$lt':
      return comparable(field, value) && compare(field, value) < 0;
    case '$lte':
      return comparable(field, value) && compare(field, value) <= 0;
    case '$gt':
      return comparable(field, value) && compare(field, value) > 0;
    case '$gte':
      return comparable(field, value) && compare(field, value) >= 0;
    default:
      throw frameworkErrors.invalidQueryOperator(op);
  }
}

/**
 * Only values of one type compare (numbers, strings, booleans): `30 >= "abc"` is neither true nor
 * false in any useful sense, so a comparison between incomparable values matches nothing.
 */
function comparable(field: unknown, value: unknown): boolean {
  const type = typeof field;
  return (type === 'number' || type === 'string' || type === 'boolean') && typeof value === type;
}

/**
 * The one order of values, shared with PgService's `orderSql`: missing first, then null, strings,
 * numbers, booleans, lists, objects (PostgreSQL's jsonb order of types); strings by code point
 * (the order of `COLLATE "C"`), whatever the database's collation; lists and objects tie.
 */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'string') return compareCodePoints(a, b as string);
  if (typeof a === 'number' || typeof a === 'boolean') return a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0;
  return 0;
}

function typeRank(value: unknown): number {
  if (value === undefined) return 0;
  if (value === null) return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'number') return 3;
  if (typeof value === 'boolean') return 4;
  return Array.isArray(value) ? 5 : 6;
}

// JS `<` compares UTF-16 code units, which puts U+FF5E after U+1F600; code points order as UTF-8 bytes do.
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
