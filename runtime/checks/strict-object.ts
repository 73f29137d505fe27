/** A valibot strict object whose issues read as words, for JSON a person writes (checks, a course file). */
import * as v from 'valibot';

/** A strict object whose issues read as words: a key is missing, or is not one `part` has (naming those it has). */
export function strictObject<T extends v.ObjectEntries>(entries: T, part: string) {
  return v.strictObject(entries, (issue) =>
    issue.input === undefined ? 'is missing' : `is not a key of ${part} (${Object.keys(entries).join(', ')})`,
  );
}
