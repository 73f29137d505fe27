import type { JsonValue, ValueKind } from '../format/check-format.ts';
import { jsonFields } from './json-fields.ts';
import type { UnstableField } from './record-check.ts';
import { matchKinds } from './value-kinds.ts';

/** The kinds a maker proposes, most telling first: a value that is a UUID is also a text. */
export const PROPOSED_KINDS: readonly ValueKind[] = [
  { type: 'uuid' },
  { type: 'date-time' },
  { type: 'date' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'text' },
];

/** The kind `value` is, as a check can test it (a UUID, a date-time, a date, an integer, …); null for one no kind fits (a boolean, null, a list). */
export function proposeKind(value: JsonValue): ValueKind | null {
  return PROPOSED_KINDS.find((kind) => matchKinds({ value: kind }, { value }, { captured: {} }).length === 0) ?? null;
}

/**
 * The kinds proposed for the fields of `answer` that change from run to run: each unstable field holding a
 * plain value gets the kind it is; one inside a changing list, or a boolean (a coin flip), gets none and stays
 * left out.
 */
export function proposedKinds(answer: JsonValue, unstable: readonly UnstableField[]): Record<string, ValueKind> {
  const unstablePaths = new Set(unstable.map((u) => u.path));
  const kinds: Record<string, ValueKind> = {};
  for (const field of jsonFields(answer)) {
    const kind = field.path !== '' && unstablePaths.has(field.path) ? proposeKind(field.value) : null;
    if (kind) kinds[field.path] = kind;
  }
  return kinds;
}
