import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Row } from '../record.ts';

/** How deep `$or` and `$and` may nest inside each other. */
const MAX_QUERY_DEPTH = 8;

const COMPARISONS = new Set(['$lt', '$lte', '$gt', '$gte', '$ne']);
const LISTS = new Set(['$in', '$nin']);

/**
 * Checks the conditions of a query (everything but `$limit`, `$skip`, `$sort`, `$select`) before any
 * service reads them, so MemoryService and PgService refuse the same shapes with the same 400, naming
 * the field and the operator: a comparison takes one value, `$in`/`$nin` a list of values, `$or`/`$and`
 * a list of conditions, a field one value or an object of operators; no NUL byte anywhere.
 */
export function assertQueryShape(where: Record<string, unknown>, depth = 0): void {
  for (const [key, condition] of Object.entries(where)) {
    assertNoNul(key, key);
    if (key === '$or' || key === '$and') {
      if (depth >= MAX_QUERY_DEPTH) throw frameworkErrors.queryTooDeep(MAX_QUERY_DEPTH);
      for (const sub of listOf(condition, () => frameworkErrors.badQueryValue(key, 'a list of conditions', describe(condition)))) {
        if (!isObject(sub)) throw frameworkErrors.badQueryValue(key, 'a list of conditions', `a list holding ${describe(sub)}`);
        assertQueryShape(sub, depth + 1);
      }
    } else if (isObject(condition) && !(condition instanceof Date)) {
      for (const [op, operand] of Object.entries(condition)) assertOperand(key, op, operand);
    } else {
      assertScalar(condition, () => frameworkErrors.badQueryValue(key, 'one value (use $in for several)', describe(condition)), key);
    }
  }
}

/** Checks a query of plain equalities (MapService's): each field takes one value; 400 naming the field otherwise. */
export function assertEqualityQuery(query: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(query)) {
    assertNoNul(key, key);
    assertScalar(
      value,
      () => frameworkErrors.badQueryValue(key, 'one value (this service matches equal values only)', describe(value)),
      key,
    );
  }
}

function assertOperand(field: string, op: string, operand: unknown): void {
  if (COMPARISONS.has(op)) {
    assertScalar(operand, () => frameworkErrors.badQueryOperand(field, op, 'one value', describe(operand)), field);
  } else if (LISTS.has(op)) {
    const given = describe(operand);
    for (const value of listOf(operand, () => frameworkErrors.badQueryOperand(field, op, 'a list of values', given))) {
      assertScalar(value, () => frameworkErrors.badQueryOperand(field, op, 'a list of values', `a list holding ${describe(value)}`), field);
    }
  } else {
    throw frameworkErrors.invalidQueryOperator(op);
  }
}

/** A list as the query string gives it: an array, an object with index keys (past qs's array limit), or one value. */
function listOf(value: unknown, refuse: () => Error): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) {
    if (Object.keys(value).every((key) => /^\d+$/.test(key))) return Object.values(value);
    throw refuse();
  }
  return [value];
}

function assertScalar(value: unknown, refuse: () => Error, field: string): void {
  if (typeof value === 'string') return assertNoNul(value, field);
  if (value === null || value instanceof Date || ['number', 'boolean'].includes(typeof value)) return;
  throw refuse();
}

function assertNoNul(text: string, field: string): void {
  if (text.includes('\0')) throw frameworkErrors.nulInQuery(field.replaceAll('\0', '%00'));
}

/** How a message names what the client gave: `a list`, `an object`, `"abc"`. */
export function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isObject(value)) return 'an object';
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** True for a plain object (not null, not an array). */
export function isObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
