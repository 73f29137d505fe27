import type { ValueKind } from '../format/check-format.ts';
import type { CaptureScope } from './resolve-captures.ts';
import { valueAt } from './json-fields.ts';
import { show } from './match-json.ts';

/** What a kind is compared with besides the value itself: the check's captures and its previous answer. */
export interface KindContext {
  /** Values earlier steps of the check captured, by name (`equals`). */
  captured: CaptureScope;
  /** The check's previous answer (the step before's JSON body or message), undefined in its first step (`differs`). */
  previous?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i;

/** Whether `text` is `YYYY-MM-DD` naming a day that exists (no 2026-02-30). */
function isDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `text` is an ISO 8601 date and time whose date exists and whose time and offset are in range. */
function isDateTime(text: string): boolean {
  const parts = DATE_TIME.exec(text);
  if (!parts || !isDate(parts[1])) return false;
  const [hours, minutes, seconds = '0', offsetHours = '0', offsetMinutes = '0'] = parts.slice(2);
  return +hours < 24 && +minutes < 60 && +seconds <= 60 && +offsetHours < 24 && +offsetMinutes < 60;
}

function inRange(value: number, kind: { min?: number; max?: number }): boolean {
  return (kind.min === undefined || value >= kind.min) && (kind.max === undefined || value <= kind.max);
}

function range(kind: { min?: number; max?: number }): string {
  if (kind.min !== undefined && kind.max !== undefined) return ` from ${kind.min} to ${kind.max}`;
  if (kind.min !== undefined) return ` of at least ${kind.min}`;
  return kind.max !== undefined ? ` of at most ${kind.max}` : '';
}

/** The kind in words, as a failure names it: `a UUID`, `an integer from 1 to 6`. */
export function kindWords(kind: ValueKind): string {
  switch (kind.type) {
    case 'uuid':
      return 'a UUID';
    case 'date-time':
      return 'an ISO date and time (like 2026-11-26T03:40:00Z)';
    case 'date':
      return 'a date (like 2026-11-26)';
    case 'integer':
      return `an integer${range(kind)}`;
    case 'number':
      return `a number${range(kind)}`;
    case 'text':
      return 'a text that is not empty';
    case 'differs':
      return "different from the previous step's";
    case 'equals':
      return `the value captured as "${kind.capture}"`;
  }
}

/** How a captured value reads (captures keep text as is and anything else as JSON, see captureValues). */
const asCaptured = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Whether `value` (present) is of `kind`, or why it cannot be told. */
function fits(kind: ValueKind, value: unknown, path: string, context: KindContext): boolean | string {
  switch (kind.type) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'date-time':
      return typeof value === 'string' && isDateTime(value);
    case 'date':
      return typeof value === 'string' && isDate(value);
    case 'integer':
      return Number.isInteger(value) && inRange(value as number, kind);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inRange(value, kind);
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
    case 'differs': {
      if (context.previous === undefined) return 'this is the first step of the check, with no answer before it to compare with';
      const before = valueAt(context.previous, path);
      if (before === undefined) return "the previous step's answer has no such field";
      return JSON.stringify(before) !== JSON.stringify(value);
    }
    case 'equals':
      if (!(kind.capture in context.captured)) return `no earlier step captured "${kind.capture}"`;
      if (asCaptured(value) === context.captured[kind.capture]) return true;
      return `it is ${show(value)}, and the capture is ${show(context.captured[kind.capture])}`;
  }
}

/** `items.0.createdAt` as failures name places: `json.items[0].createdAt` (see matchJson). */
function where(path: string, root: string): string {
  return path.split('.').reduce((at, key) => (/^\d+$/.test(key) ? `${at}[${key}]` : `${at}.${key}`), root);
}

/**
 * Checks the fields of `actual` (a parsed JSON body or message) named in `kinds` by their kind; returns one
 * expected-vs-actual sentence per field that is missing or not of its kind.
 */
export function matchKinds(kinds: Record<string, ValueKind>, actual: unknown, context: KindContext, root = 'json'): string[] {
  return Object.entries(kinds).flatMap(([path, kind]) => {
    const value = valueAt(actual, path);
    const place = where(path, root);
    if (value === undefined) return [`Expected ${place} to be ${kindWords(kind)}, but it is missing.`];
    const verdict = fits(kind, value, path, context);
    if (verdict === true) return [];
    const got = verdict !== false ? verdict : kind.type === 'differs' ? `it is ${show(value)} again` : `it is ${show(value)}`;
    return [`Expected ${place} to be ${kindWords(kind)}, but ${got}.`];
  });
}
