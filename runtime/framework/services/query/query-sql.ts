import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';
import { isObject } from './query-shape.ts';
import { toList } from './query-split.ts';

/** Collects bound parameters; `add` answers the placeholder (`$3`) to put in the SQL text. */
export class SqlParams {
  /** The values, in placeholder order. */
  readonly values: unknown[] = [];

  /** Binds `value` and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Answers the SQL expression (a `jsonb` value, SQL NULL when missing) of a record field. */
export type FieldSql = (key: string, params: SqlParams) => string;

const COMPARISONS: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

/**
 * Translates the conditions of a query (what `splitQuery` calls `where`) into a SQL boolean
 * expression with the same meaning as `matches` in query-match.ts. Every value — and every
 * field name — is a bound parameter; only fixed SQL fragments are written into the text.
 */
export function whereSql(where: Row, field: FieldSql, params: SqlParams): string {
  const parts = Object.entries(where).map(([key, condition]) => {
    if (key === '$or')
      return joinOr(
        toList(condition)
          .filter(isObject)
          .map((sub) => whereSql(sub, field, params)),
      );
    if (key === '$and')
      return joinAnd(
        toList(condition)
          .filter(isObject)
          .map((sub) => whereSql(sub, field, params)),
      );
    const f = field(key, params);
    if (isObject(condition) && Object.keys(condition).some((op) => op.startsWith('$'))) {
      return joinAnd(Object.entries(condition).map(([op, operand]) => operatorSql(op, f, operand, params)));
    }
    return equalsSql(f, condition, params);
  });
  return joinAnd(parts);
}

function operatorSql(op: string, f: string, operand: unknown, params: SqlParams): string {
  switch (op) {
    case '$in':
      return joinOr(toList(operand).map((v) => equalsSql(f, v, params)));
    case '$nin':
      return `NOT ${joinOr(toList(operand).map((v) => equalsSql(f, v, params)))}`;
    case '$ne':
      return `NOT ${equalsSql(f, operand, params)}`;
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return compareSql(COMPARISONS[op], f, operand, params);
    default:
      throw frameworkErrors.invalidQueryOperator(op);
  }
}

/**
 * Like `equalsQueryValue`: a REST query value is a string, so it also matches a number, boolean or
 * null field that prints the same (`?done=true` finds `done: true`). Never SQL NULL, so that NOT works.
 */
function equalsSql(f: string, wanted: unknown, params: SqlParams): string {
  if (wanted === undefined) return 'false';
  if (typeof wanted !== 'string') return `COALESCE(${f} = ${params.add(JSON.stringify(wanted))}::jsonb, false)`;
  const alternatives = [`${f} = to_jsonb(${params.add(wanted)}::text)`];
  const number = asNumber(wanted);
  if (number !== undefined) alternatives.push(`(jsonb_typeof(${f}) = 'number' AND (${f})::numeric = ${params.add(number)}::numeric)`);
  if (wanted === 'true' || wanted === 'false') alternatives.push(`${f} = ${params.add(wanted)}::jsonb`);
  if (wanted === 'null') alternatives.push(`jsonb_typeof(${f}) = 'null'`);
  return `COALESCE(${joinOr(alternatives)}, false)`;
}

/**
 * Like `$lt`… in query-match.ts: the operand is compared with fields of its own type; a numeric
 * string also compares with number fields (`?age[$gt]=50`). Strings compare by code point, as in JS.
 */
function compareSql(op: string, f: string, operand: unknown, params: SqlParams): string {
  const value = operand instanceof Date ? operand.toISOString() : operand;
  const alternatives: string[] = [];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? asNumber(value) : undefined;
  if (number !== undefined) alternatives.push(`(jsonb_typeof(${f}) = 'number' AND (${f})::numeric ${op} ${params.add(number)}::numeric)`);
  if (typeof value === 'string')
    alternatives.push(`(jsonb_typeof(${f}) = 'string' AND (${f} #>> '{}') COLLATE "C" ${op} ${params.add(value)}::text COLLATE "C")`);
  const bool = value === 'true' || value === 'false' ? value === 'true' : value;
  if (typeof bool === 'boolean')
    alternatives.push(`(jsonb_typeof(${f}) = 'boolean' AND (${f})::boolean ${op} ${params.add(bool)}::boolean)`);
  return alternatives.length === 0 ? 'false' : `COALESCE(${joinOr(alternatives)}, false)`;
}

/** The number a query-string value spells, as `coerceLike` reads it. */
function asNumber(value: string): number | undefined {
  return value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : undefined;
}

function joinAnd(parts: string[]): string {
  return parts.length === 0 ? 'true' : `(${parts.join(' AND ')})`;
}

function joinOr(parts: string[]): string {
  return parts.length === 0 ? 'false' : `(${parts.join(' OR ')})`;
}

/**
 * `ORDER BY` for `$sort` in the order of `compare` in query-match.ts (missing, null, strings by code
 * point, numbers, booleans…), whatever the database's collation; then `insertionOrder` (columns
 * qualified by their table: a bare `created_at` would name the millisecond ISO text the SELECT
 * returns under that name, which ties records made in the same millisecond).
 */
export function orderSql(sort: Record<string, number> | undefined, field: FieldSql, p: SqlParams, insertionOrder: string): string {
  const keys = Object.entries(sort ?? {}).flatMap(([key, dir]) => {
    const f = field(key, p);
    const direction = dir < 0 ? 'DESC' : 'ASC';
    const rank = `CASE WHEN ${f} IS NULL THEN 0 ELSE CASE jsonb_typeof(${f}) WHEN 'null' THEN 1 WHEN 'string' THEN 2 WHEN 'number' THEN 3 WHEN 'boolean' THEN 4 WHEN 'array' THEN 5 ELSE 6 END END`;
    const text = `(CASE WHEN jsonb_typeof(${f}) = 'string' THEN ${f} #>> '{}' END) COLLATE "C"`;
    return [`${rank} ${direction}`, `${text} ${direction}`, `${f} ${direction}`];
  });
  return [...keys, insertionOrder].join(', ');
}
