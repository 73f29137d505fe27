/** The rules every file of a learner's program follows, wherever the files come from (editor, storage, a link). */

/** How many files one program may have. */
export const MAX_FILES = 20;

/** The longest file a program may hold, in characters (storage and links check it too). */
const MAX_FILE_CHARS = 1_000_000;

/** The extensions a learner's file may have: what the compiler loads and the editor types. */
const FILE_EXTENSIONS = ['.ts', '.js', '.json'] as const;

const MAX_NAME_LENGTH = 100;
// A leading letter, digit or `_` rules out `.`, `..` and hidden names; no `\`, `:` or spaces.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Why `name` cannot name a file (in words for the learner), or null when it can: `todos.service.ts`, `lib/db.ts`. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0) return 'Give the file a name, e.g. todos.service.ts.';
  if (name.length > MAX_NAME_LENGTH) return `A file name has at most ${MAX_NAME_LENGTH} characters.`;
  if (name.startsWith('/')) return 'Use a relative name, without a leading /.';
  if (!name.split('/').every((segment) => SEGMENT.test(segment))) {
    return 'Use letters, digits, _, - and . in a name (folders with /), starting with a letter or digit; no .. or spaces.';
  }
  if (!FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return `The name must end in ${FILE_EXTENSIONS.join(', ')}.`;
  return null;
}

/**
 * Why `files` breaks one of a program's documented limits — more than {@link MAX_FILES} files, a name the
 * rules refuse, a file too long — in words for the learner, or null when it keeps them all.
 */
export function filesLimitProblem(files: Record<string, unknown>): string | null {
  const names = Object.keys(files);
  if (names.length > MAX_FILES) return `a program has at most ${MAX_FILES} files; this one has ${names.length}.`;
  for (const name of names) {
    const problem = fileNameProblem(name);
    // The name may come from a link: shown cut short, so a crafted one cannot fill the screen.
    if (problem) return `the file name "${name.length > 60 ? `${name.slice(0, 60)}…` : name}" is not allowed. ${problem}`;
    const source = files[name];
    if (typeof source === 'string' && source.length > MAX_FILE_CHARS) {
      return `the file ${name} has ${source.length.toLocaleString('en')} characters; a file has at most ${MAX_FILE_CHARS.toLocaleString('en')}.`;
    }
  }
  return null;
}

/** Why `files` is not a valid program (with `entry` among its files), or null when it is. */
export function filesProblem(files: Record<string, unknown>, entry: string): string | null {
  if (typeof files[entry] !== 'string') return `The program has no ${entry}.`;
  const notText = Object.keys(files).find((name) => typeof files[name] !== 'string');
  if (notText !== undefined) return `${notText} is not text.`;
  return filesLimitProblem(files);
}
