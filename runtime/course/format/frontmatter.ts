import * as v from 'valibot';

/** One line of text: required, not blank, short enough for the lesson list. */
const line = v.pipe(
  v.string('is required: one line of text'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
);

/**
 * What a lesson's frontmatter may hold: `title` and `summary` (one line each), `covers` (spec rule ids
 * such as `endpoints-2`), optional `files` (the program's file names, `main.ts` first). Unknown keys are
 * refused, so a misspelt one fails the build instead of being ignored.
 */
const FRONTMATTER = v.strictObject(
  {
    title: line,
    summary: line,
    covers: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z]+-\d+$/, 'must be a spec rule id like "endpoints-2"')))),
    files: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.regex(/^[\w-]+(\/[\w-]+)*\.ts$/, 'must be a relative path ending in .ts, like "todos.ts"'))),
        v.minLength(1, 'must list main.ts'),
        v.check((names) => names[0] === 'main.ts', 'must start with main.ts'),
      ),
    ),
  },
  // The same issue type says "missing" (no value) and "unknown" (a key the schema does not list).
  (issue) => (issue.input === undefined ? 'is missing' : 'is not a frontmatter key (title, summary, covers, files)'),
);

/** A lesson.md split into its checked frontmatter fields and its Markdown body. */
export type LessonText = v.InferOutput<typeof FRONTMATTER> & {
  /** Spec rule ids the lesson teaches, e.g. `endpoints-2`. */
  covers: string[];
  /** The Markdown after the frontmatter. */
  markdown: string;
};

/** A lesson.md whose frontmatter cannot be read or does not match its schema, with the 1-based line to look at. */
export class FrontmatterError extends Error {
  constructor(
    message: string,
    /** The line of the first key at fault (or of the unreadable line; 1 when the block is missing). */
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses the small frontmatter dialect lessons use: a leading `---` block of `key: value` lines, where
 * a key with no value starts a list of `- item` lines (`covers:`). Values may be quoted.
 */
export function parseLessonText(source: string, file = 'lesson.md'): LessonText {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new FrontmatterError(`${file}: expected a frontmatter block between --- lines at the top.`, 1);
  const fields: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  // The block's first line is line 2 of the file (line 1 is the opening ---).
  const keyLines = new Map<string, number>();
  for (const [index, line] of match[1].split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (fields[listKey] as string[]).push(unquote(item[1]));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new FrontmatterError(`${file}: cannot read the frontmatter line "${line}".`, index + 2);
    const [, key, value] = pair;
    keyLines.set(key, index + 2);
    if (value === '') {
      fields[key] = [];
      listKey = key;
    } else {
      fields[key] = /^\[.*\]$/.test(value) ? value.slice(1, -1).split(',').map(unquote).filter(Boolean) : unquote(value);
      listKey = null;
    }
  }
  const parsed = v.safeParse(FRONTMATTER, fields);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `"${v.getDotPath(issue) ?? 'frontmatter'}" ${issue.message}`);
    // The first key written in the block that is at fault; a missing key has no line of its own.
    const line = parsed.issues.map((issue) => keyLines.get(String(issue.path?.[0]?.key))).find((at) => at !== undefined);
    throw new FrontmatterError(`${file}: the frontmatter is not valid: ${problems.join('; ')}.`, line ?? 1);
  }
  const { title, summary, covers = [], files } = parsed.output;
  return { title, summary, covers, ...(files ? { files } : {}), markdown: source.slice(match[0].length) };
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}
