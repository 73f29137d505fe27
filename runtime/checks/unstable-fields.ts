import type { JsonValue } from './check-format.ts';
import { jsonFields, isWithin, type JsonField } from './json-fields.ts';
import type { UnstableField } from './record-check.ts';
import { show } from './match-json.ts';

/** ISO-8601 date-times (`2026-11-26T03:40:00.123Z`), as `created_at` fields hold them. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a value looks generated whatever two runs showed (two sends within one millisecond share a time), or null. */
function generatedShape(field: JsonField): string | null {
  if (typeof field.value !== 'string') return null;
  if (DATE_TIME.test(field.value)) return 'holds a date and time, which is different on every run';
  if (UUID.test(field.value)) return 'holds a random id (UUID), which is different on every run';
  return null;
}

function byPath(fields: JsonField[]): Map<string, JsonValue> {
  return new Map(fields.map((field) => [field.path, field.value]));
}

/** The closest path of `path` that `other` also has as a field or inside one: where the two answers' shapes part. */
function sharedAncestor(path: string, other: Map<string, JsonValue>): string {
  const parts = path.split('.');
  while (parts.length > 0) {
    parts.pop();
    const ancestor = parts.join('.');
    if ([...other.keys()].some((key) => isWithin(key, ancestor))) return ancestor;
  }
  return '';
}

/**
 * The fields of `recorded` that a check must not compare: those whose value differed in a replay (the
 * program restarted and asked again, once or more), those present in one run only (a list that grew:
 * the whole list), and those that hold a date-time or a UUID. Each with the reason, in words.
 */
export function unstableFields(recorded: JsonValue, replays: readonly JsonValue[]): UnstableField[] {
  const found = new Map<string, string>();
  const add = (path: string, reason: string): void => {
    if (![...found.keys()].some((p) => isWithin(path, p))) found.set(path, reason);
  };
  const fields = jsonFields(recorded);
  for (const field of fields) {
    const shape = generatedShape(field);
    if (shape) add(field.path, shape);
  }
  const mine = byPath(fields);
  for (const [run, replay] of replays.entries()) {
    const theirs = byPath(jsonFields(replay));
    for (const [path, value] of mine) {
      if (!theirs.has(path)) {
        const ancestor = sharedAncestor(path, theirs);
        add(ancestor, `is shaped differently after a restart (replay ${run + 1}), e.g. a list that grows as requests come`);
      } else if (JSON.stringify(theirs.get(path)) !== JSON.stringify(value)) {
        add(path, `changed between runs: ${show(value, 40)} when recorded, ${show(theirs.get(path), 40)} in replay ${run + 1}`);
      }
    }
    for (const path of theirs.keys()) {
      if (!mine.has(path)) add(sharedAncestor(path, mine), `is shaped differently after a restart (replay ${run + 1})`);
    }
  }
  // A parent found later (a list that grew) replaces the fields inside it found before.
  return [...found]
    .filter(([path]) => ![...found.keys()].some((other) => other !== path && isWithin(path, other)))
    .map(([path, reason]) => ({ path, reason }));
}
