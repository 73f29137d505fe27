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

/** The edit distance of two short names (insertions, deletions, substitutions), for "did you mean". */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

const parentOf = (issue: LocatedIssue): string => JSON.stringify(issue.path.slice(0, -1));

/**
 * One issue per misspelt key: an unknown key close to a missing key of the same object (`expected` for `expect`)
 * is one fault, not two, so the missing key's issue is dropped and the unknown key's names the one it meant.
 */
export function mergeTypos(issues: readonly LocatedIssue[]): LocatedIssue[] {
  const missing = issues.filter((issue) => issue.message === 'is missing' && typeof issue.path.at(-1) === 'string');
  const meant = new Map<LocatedIssue, string>();
  const used = new Set<LocatedIssue>();
  for (const issue of issues) {
    const name = issue.path.at(-1);
    if (!issue.onKey || issue.message === 'is missing' || typeof name !== 'string') continue;
    const close = missing.find((m) => !used.has(m) && parentOf(m) === parentOf(issue) && distance(String(m.path.at(-1)), name) <= 2);
    if (close) {
      meant.set(issue, String(close.path.at(-1)));
      used.add(close);
    }
  }
  return issues
    .filter((issue) => !used.has(issue))
    .map((issue) => (meant.has(issue) ? { ...issue, message: `${issue.message}: did you mean "${meant.get(issue)}"?` } : issue));
}
