import * as v from 'valibot';

/** One line of text: required, not blank, short enough for the lesson list. */
const line = v.pipe(v.string('is required: one line of text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));

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

/**
 * Parses the small frontmatter dialect lessons use: a leading `---` block of `key: value` lines, where
 * a key with no value starts a list of `- item` lines (`covers:`). Values may be quoted.
 */
export function parseLessonText(source: string, file = 'lesson.md'): LessonText {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: expected a frontmatter block between --- lines at the top.`);
  const fields: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const line of match[1].split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = /^\s*-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (fields[listKey] as string[]).push(unquote(item[1]));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`${file}: cannot read the frontmatter line "${line}".`);
    const [, key, value] = pair;
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
    throw new Error(`${file}: the frontmatter is not valid: ${problems.join('; ')}.`);
  }
  const { title, summary, covers = [], files } = parsed.output;
  return { title, summary, covers, ...(files ? { files } : {}), markdown: source.slice(match[0].length) };
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}
