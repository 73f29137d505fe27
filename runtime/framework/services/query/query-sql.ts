import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';
import { isObject, toList } from './query-split.ts';

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
    if (key === '$or') return joinOr(toList(condition).filter(isObject).map((sub) => whereSql(sub, field, params)));
    if (key === '$and') return joinAnd(toList(condition).filter(isObject).map((sub) => whereSql(sub, field, params)));
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
      throw frameworkErrors.badQuery(`Invalid query operator ${op}.`);
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
  if (typeof value === 'string') alternatives.push(`(jsonb_typeof(${f}) = 'string' AND (${f} #>> '{}') COLLATE "C" ${op} ${params.add(value)}::text COLLATE "C")`);
  if (typeof value === 'boolean') alternatives.push(`(jsonb_typeof(${f}) = 'boolean' AND (${f})::boolean ${op} ${params.add(value)}::boolean)`);
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

/** `ORDER BY` for `$sort` (missing and null fields first, as MemoryService), then insertion order. */
export function orderSql(sort: Record<string, number> | undefined, field: FieldSql, p: SqlParams): string {
  const keys = Object.entries(sort ?? {}).map(([key, dir]) => `${field(key, p)} ${dir < 0 ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`);
  return [...keys, 'created_at', 'id'].join(', ');
}
