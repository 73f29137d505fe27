import type { ValueKind } from '../format/check-format.ts';
import type { CaptureScope } from './resolve-captures.ts';
import { valueAt } from './json-fields.ts';
import { show } from './match-json.ts';
import { fitsForm, formTest, formWords, type FormKind } from './format-kinds.ts';

/** What a kind is compared with besides the value itself: the check's captures and its previous answer. */
export interface KindContext {
  /** Values earlier steps of the check captured, by name (`equals`). */
  captured: CaptureScope;
  /** The check's previous answer (the step before's JSON body or message), undefined in its first step (`differs`). */
  previous?: unknown;
}

function inRange(value: number, kind: { min?: number; max?: number }): boolean {
  return (kind.min === undefined || value >= kind.min) && (kind.max === undefined || value <= kind.max);
}

function range(kind: { min?: number; max?: number }): string {
  if (kind.min !== undefined && kind.max !== undefined) return ` from ${kind.min} to ${kind.max}`;
  if (kind.min !== undefined) return ` of at least ${kind.min}`;
  return kind.max !== undefined ? ` of at most ${kind.max}` : '';
}

/** A number kind's bounds as the test reads them: `, ≥ 1 and ≤ 6`, or `, any size`. */
function bounds(kind: { min?: number; max?: number }): string {
  const parts = [...(kind.min !== undefined ? [`≥ ${kind.min}`] : []), ...(kind.max !== undefined ? [`≤ ${kind.max}`] : [])];
  return parts.length > 0 ? `, ${parts.join(' and ')}` : ', any size';
}

const FORMS: readonly string[] = ['uuid', 'ulid', 'hex', 'date-time', 'date', 'time', 'epoch-ms'] satisfies FormKind['type'][];
const isForm = (kind: ValueKind): kind is FormKind => FORMS.includes(kind.type);

/** The kind in words, as a failure names it: `a UUID`, `an integer from 1 to 6`. */
export function kindWords(kind: ValueKind): string {
  if (isForm(kind)) return formWords(kind);
  switch (kind.type) {
    case 'integer':
      return `an integer${range(kind)}`;
    case 'number':
      return `a number${range(kind)}`;
    case 'text':
      return 'a text that is not empty';
    case 'differs':
      return kind.capture ? `different from the value captured as "${kind.capture}"` : "different from the previous step's";
    case 'equals':
      return `the value captured as "${kind.capture}"`;
  }
}

/** The exact test a kind runs, as the maker's card shows it: the pattern, the range, what it is compared with. */
export function kindTest(kind: ValueKind): string {
  if (isForm(kind)) return formTest(kind);
  switch (kind.type) {
    case 'integer':
      return `a whole number${bounds(kind)}`;
    case 'number':
      return `a finite number${bounds(kind)}`;
    case 'text':
      return 'a string with a character other than white space';
    case 'differs':
      return kind.capture
        ? `not equal to the value captured as "${kind.capture}"`
        : "not equal to the same field of the step before's answer";
    case 'equals':
      return `equal to the value captured as "${kind.capture}"`;
  }
}

/** How a captured value reads (captures keep text as is and anything else as JSON, see captureValues). */
const asCaptured = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Whether `value` (present) is of `kind`, or why it cannot be told. */
function fits(kind: ValueKind, value: unknown, path: string, context: KindContext): boolean | string {
  if (isForm(kind)) return fitsForm(kind, value);
  switch (kind.type) {
    case 'integer':
      return Number.isInteger(value) && inRange(value as number, kind);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inRange(value, kind);
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
    case 'differs': {
      if (kind.capture !== undefined) {
        if (!(kind.capture in context.captured)) return `no earlier step captured "${kind.capture}"`;
        return (
          asCaptured(value) !== context.captured[kind.capture] || `it is ${show(value)} again, the value captured as "${kind.capture}"`
        );
      }
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
