import type { JsonValue, ValueKind } from '../format/check-format.ts';
import { formsOf } from './format-kinds.ts';
import { jsonFields } from './json-fields.ts';
import type { UnstableField } from './record-check.ts';
import { matchKinds } from './value-kinds.ts';

/** The kinds any value may be besides its form, least telling last: a value that is an integer is also a number. */
const GENERAL_KINDS: readonly ValueKind[] = [{ type: 'integer' }, { type: 'number' }, { type: 'text' }];

/** At most this many different integers, every one between the smallest and the largest seen, make a range (a dice roll). */
const MAX_RANGE_VALUES = 12;

/** The kinds `value` fits, most telling first: its forms (a UUID, a ULID, a hex digest of its length, a date…), then integer, number, text. */
export function fittingKinds(value: JsonValue): ValueKind[] {
  return [...formsOf(value), ...GENERAL_KINDS.filter((kind) => matchKinds({ value: kind }, { value }, { captured: {} }).length === 0)];
}

/**
 * The range of integers `values` suggest: when they are at most MAX_RANGE_VALUES different integers and every
 * integer from the smallest to the largest was seen (1 to 6 for a dice), else none: a range seen with gaps is
 * more likely part of a wider one, and a learner's right answer must not fall outside it.
 */
function integerRange(values: readonly JsonValue[]): ValueKind | null {
  if (!values.every((value) => Number.isInteger(value))) return null;
  const seen = new Set(values as number[]);
  const min = Math.min(...seen);
  const max = Math.max(...seen);
  return seen.size <= MAX_RANGE_VALUES && max - min + 1 === seen.size && seen.size > 1 ? { type: 'integer', min, max } : null;
}

/**
 * The kind `value` is, as a check can test it (a UUID, a ULID, a date-time, a time of day, an integer, …): the most
 * telling that fits, an integer in the range `seen` (the values other runs gave) suggests; null for one no kind fits
 * (a boolean, null, a list).
 */
export function proposeKind(value: JsonValue, seen: readonly JsonValue[] = []): ValueKind | null {
  const [best] = fittingKinds(value);
  if (best?.type === 'integer') return integerRange([value, ...seen]) ?? best;
  return best ?? null;
}

/**
 * The kinds proposed for the fields of `answer` that change from run to run: each unstable field holding a plain
 * value gets the kind it is; one inside a changing list, a boolean (a coin flip), or one that is flaky (mostly its
 * recorded value: a solution that is sometimes wrong, which a kind would hide) gets none.
 */
export function proposedKinds(answer: JsonValue, unstable: readonly UnstableField[]): Record<string, ValueKind> {
  const byPath = new Map(unstable.map((u) => [u.path, u]));
  const kinds: Record<string, ValueKind> = {};
  for (const field of jsonFields(answer)) {
    const found = field.path === '' ? undefined : byPath.get(field.path);
    const kind = found && !found.flaky ? proposeKind(field.value, found.seen) : null;
    if (kind) kinds[field.path] = kind;
  }
  return kinds;
}
