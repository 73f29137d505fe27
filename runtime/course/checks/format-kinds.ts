/**
 * The kinds that test a value's form (a UUID, a ULID, a hex digest, a date-time, a date, a time of day, epoch
 * milliseconds): each with the exact test it runs, in words a maker's card shows, and the test itself.
 */
import type { ValueKind } from '../format/check-format.ts';

/** A kind a value's form decides, with nothing else to compare it with. */
export type FormKind = Extract<ValueKind, { type: 'uuid' | 'ulid' | 'hex' | 'date-time' | 'date' | 'time' | 'epoch-ms' }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 26 characters of Crockford's base 32 (no I, L, O, U), the first at most 7: a 128-bit ULID. */
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i;
/** A time of day as a local clock shows it: `14:05`, `14:05:07`, `2:05:07 PM`. */
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s?([AP]M))?$/i;
/** 2000-01-01 and 2100-01-01 in milliseconds since 1970: a time in ms is in between, a count or a time in seconds is not. */
const EPOCH_MS = { min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) };

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

/** Whether `text` is a time of day whose hours (1 to 12 with AM or PM), minutes and seconds are in range. */
function isTime(text: string): boolean {
  const parts = TIME.exec(text);
  if (!parts) return false;
  const [hours, minutes, seconds = '0', half] = parts.slice(1);
  const hoursOk = half ? +hours >= 1 && +hours <= 12 : +hours < 24;
  return hoursOk && +minutes < 60 && +seconds < 60;
}

const hexOf = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`, 'i');
const isText = (value: unknown): value is string => typeof value === 'string';

/** Whether `value` is of the form `kind` names. */
export function fitsForm(kind: FormKind, value: unknown): boolean {
  switch (kind.type) {
    case 'uuid':
      return isText(value) && UUID.test(value);
    case 'ulid':
      return isText(value) && ULID.test(value);
    case 'hex':
      return isText(value) && hexOf(kind.length).test(value);
    case 'date-time':
      return isText(value) && isDateTime(value);
    case 'date':
      return isText(value) && isDate(value);
    case 'time':
      return isText(value) && isTime(value);
    case 'epoch-ms':
      return Number.isInteger(value) && (value as number) >= EPOCH_MS.min && (value as number) <= EPOCH_MS.max;
  }
}

/** The form in a few words, as a failure names it: `a ULID`, `64 hex digits`. */
export function formWords(kind: FormKind): string {
  switch (kind.type) {
    case 'uuid':
      return 'a UUID';
    case 'ulid':
      return 'a ULID';
    case 'hex':
      return `${kind.length} hex digits`;
    case 'date-time':
      return 'an ISO date and time (like 2026-11-26T03:40:00Z)';
    case 'date':
      return 'a date (like 2026-11-26)';
    case 'time':
      return 'a time of day (like 14:05 or 2:05:07 PM)';
    case 'epoch-ms':
      return 'a time in milliseconds since 1970';
  }
}

/** The exact test a form kind runs, in words with its pattern, as the maker's card shows it. */
export function formTest(kind: FormKind): string {
  switch (kind.type) {
    case 'uuid':
      return `a string matching ${UUID}`;
    case 'ulid':
      return `a string matching ${ULID} (26 characters of Crockford base 32)`;
    case 'hex':
      return `a string matching ${hexOf(kind.length)}`;
    case 'date-time':
      return `a string matching ${DATE_TIME} whose day exists, hours 0–23, minutes 0–59`;
    case 'date':
      return `a string matching ${DATE} whose day exists`;
    case 'time':
      return `a string matching ${TIME}, hours 0–23 (1–12 with AM/PM), minutes and seconds 0–59`;
    case 'epoch-ms':
      return `an integer from ${EPOCH_MS.min} to ${EPOCH_MS.max} (2000-01-01 to 2100-01-01)`;
  }
}

/** The form kinds a value may be proposed as, most telling first (a hex digest's length is the value's own). */
export function formsOf(value: unknown): FormKind[] {
  const candidates: FormKind[] = [
    { type: 'uuid' },
    { type: 'ulid' },
    // A digest is long; a short run of hex digits is more likely a word or a number.
    ...(isText(value) && value.length >= 16 && value.length % 2 === 0 ? [{ type: 'hex' as const, length: value.length }] : []),
    { type: 'date-time' },
    { type: 'date' },
    { type: 'time' },
    { type: 'epoch-ms' },
  ];
  return candidates.filter((kind) => fitsForm(kind, value));
}
