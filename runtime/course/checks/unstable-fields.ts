import type { JsonValue } from '../format/check-format.ts';
import { jsonFields, isWithin, valueAt, type JsonField } from './json-fields.ts';
import type { UnstableField } from './record-check.ts';
import { show } from './match-json.ts';

/** An answer a replay got, and which replay it was in words (`replay 4 (a day later, in UTC+14)`). */
export interface ReplayedAnswer {
  answer: JsonValue;
  label: string;
  /** Whether the replay ran on another day in another time zone (a date-only or local-time value differs there rightly). */
  clockShifted?: boolean;
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
 * An unstable field with the values the replays gave, and flaky when the recorded value is what at least three
 * runs in four gave (the recording counted as one run) but not all: a sometimes-wrong answer, said so in its reason.
 */
function withRuns(field: UnstableField, recorded: JsonValue | undefined, replays: readonly ReplayedAnswer[]): UnstableField {
  const seen = replays.map(({ answer }) => valueAt(answer, field.path) as JsonValue | undefined).filter((v) => v !== undefined);
  if (recorded === undefined || seen.length < replays.length) return { ...field, seen };
  // A value that differs only where the clock was moved follows the clock (a date, a local time): not a flake.
  const differing = replays.filter(({ answer }) => JSON.stringify(valueAt(answer, field.path)) !== JSON.stringify(recorded));
  if (differing.every((replay) => replay.clockShifted === true)) return { ...field, seen };
  const same = 1 + seen.filter((value) => JSON.stringify(value) === JSON.stringify(recorded)).length;
  const runs = seen.length + 1;
  // A counter repeats its values run after run (1, 2 on every start: half), a dice gives its recorded value one run in
  // six: only a value that is what three runs in four gave, yet not all, is a sometimes-wrong answer.
  if (same * 4 < runs * 3) return { ...field, seen };
  const others = [...new Set(seen.filter((v) => JSON.stringify(v) !== JSON.stringify(recorded)).map((v) => show(v, 40)))];
  const reason = `is ${show(recorded, 40)} in ${same} of ${runs} runs and ${others.join(' or ')} in the other ${runs - same}: the program answers differently now and then. It is still compared by its value, so the proof fails; pick a kind only if both answers are right`;
  return { path: field.path, reason, seen, flaky: true };
}

/**
 * The fields of `recorded` that a check must not compare by value: those whose value differed in a replay (the
 * program started afresh and was asked again, perhaps on another day in another time zone), and those present
 * in one run only (a list that grew: the whole list). Each with the reason, in words. A value that looks
 * generated but never changed (a fixed seed date) is compared as it is.
 */
export function unstableFields(recorded: JsonValue, replays: readonly ReplayedAnswer[]): UnstableField[] {
  const found = new Map<string, string>();
  const add = (path: string, reason: string): void => {
    if (![...found.keys()].some((p) => isWithin(path, p))) found.set(path, reason);
  };
  const mine = byPath(jsonFields(recorded));
  for (const { answer, label } of replays) {
    const theirs = byPath(jsonFields(answer));
    for (const [path, value] of mine) {
      if (!theirs.has(path)) {
        const ancestor = sharedAncestor(path, theirs);
        add(ancestor, `is shaped differently after a restart (${label}), e.g. a list that grows as requests come`);
      } else if (JSON.stringify(theirs.get(path)) !== JSON.stringify(value)) {
        add(path, `changed between runs: ${show(value, 40)} when recorded, ${show(theirs.get(path), 40)} in ${label}`);
      }
    }
    for (const path of theirs.keys()) {
      if (!mine.has(path)) add(sharedAncestor(path, mine), `is shaped differently after a restart (${label})`);
    }
  }
  // A parent found later (a list that grew) replaces the fields inside it found before.
  return [...found]
    .filter(([path]) => ![...found.keys()].some((other) => other !== path && isWithin(path, other)))
    .map(([path, reason]) => withRuns({ path, reason }, mine.get(path), replays));
}
