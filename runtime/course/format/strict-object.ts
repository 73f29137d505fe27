/** Valibot schemas for JSON a person writes (checks, a course file): issues in words, each with where it is. */
import * as v from 'valibot';

/** A strict object whose issues read as words: a key is missing, or is not one `part` has (naming those it has). */
export function strictObject<T extends v.ObjectEntries>(entries: T, part: string) {
  return v.strictObject(entries, (issue) =>
    issue.input === undefined ? 'is missing' : `is not a key of ${part} (${Object.keys(entries).join(', ')})`,
  );
}

/** One thing wrong with a value, and where: the keys and indexes down to it (`['expect', 'status']`; empty for the value itself). */
export interface LocatedIssue {
  path: (string | number)[];
  /** True when the issue is about the key at the end of `path` (unknown, or missing), not its value. */
  onKey: boolean;
  /** What is wrong, in words: `is missing`, `must start with /`. */
  message: string;
}

/** A valibot issue as a LocatedIssue, its path put under `prefix` (the path of the union it was reported under). */
export function locatedIssue(issue: v.BaseIssue<unknown>, prefix: LocatedIssue['path'] = []): LocatedIssue {
  const items = issue.path ?? [];
  const path = [...prefix, ...items.map((item) => item.key as string | number)];
  return { path, onKey: items.at(-1)?.origin === 'key', message: issue.message };
}
