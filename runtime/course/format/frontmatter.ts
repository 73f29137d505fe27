import * as v from 'valibot';
import { isMap, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { locatedIssue, mergeTypos } from './strict-object.ts';

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

/** One thing wrong with a frontmatter, at its 1-based line of lesson.md. */
export interface FrontmatterProblem {
  line: number;
  message: string;
}

/** A lesson.md whose frontmatter cannot be read or does not match its schema: each fault at its line. */
export class FrontmatterError extends Error {
  constructor(
    message: string,
    /** The line of the first fault (1 when the block is missing). */
    readonly line: number,
    /** Every fault, one each, at its own line (a missing key at the opening `---`). */
    readonly problems: FrontmatterProblem[] = [{ line, message }],
  ) {
    super(message);
  }
}

/** The frontmatter block: its YAML text, where it ends, and the line of lesson.md each of its offsets is on. */
const BLOCK = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/;

/**
 * The 1-based line of lesson.md where `path` (keys and indexes from the frontmatter's top) is written: the key
 * of the deepest part of it the YAML has; the opening `---` when none is.
 */
function pathLine(contents: unknown, path: readonly (string | number)[], lineOfOffset: (offset: number) => number): number {
  let node = contents as YamlNode | null;
  let at: number | undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      at = (pair.key as YamlNode).range?.[0];
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && typeof key === 'number' && node.items[key]) {
      node = node.items[key] as YamlNode;
      at = node.range?.[0];
    } else break;
  }
  return at === undefined ? 1 : lineOfOffset(at);
}

/**
 * Reads a lesson.md: its leading `---` block parsed by a YAML parser (comments, quotes, lists inline or as
 * `- item` lines), checked against the frontmatter's schema; and `lineOf`, the line a frontmatter key is on.
 * Throws a FrontmatterError with every fault at its line.
 */
export function readLessonText(source: string, file = 'lesson.md'): { text: LessonText; lineOf: (path: (string | number)[]) => number } {
  const match = BLOCK.exec(source);
  if (!match) throw new FrontmatterError(`${file}: expected a frontmatter block between --- lines at the top.`, 1);
  const counter = new LineCounter();
  const doc = parseDocument(match[1], { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  // The block's first line is line 2 of the file (line 1 is the opening ---).
  const lineOfOffset = (offset: number) => counter.linePos(offset).line + 1;
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((error) => ({
      line: (error.linePos?.[0].line ?? 0) + 1,
      message: `the frontmatter is not YAML: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')} (a value holding ": " or " #" needs quotes)`,
    }));
    throw new FrontmatterError(`${file}: ${problems.map((p) => p.message).join('; ')}.`, problems[0].line, problems);
  }
  const lineOf = (path: (string | number)[]) => pathLine(doc.contents, path, lineOfOffset);
  if (doc.contents !== null && !isMap(doc.contents)) {
    const first = match[1].split(/\r?\n/).findIndex((text) => text.trim() !== '' && !text.trimStart().startsWith('#'));
    const words = `cannot read the frontmatter line "${match[1].split(/\r?\n/)[first] ?? ''}": write "key: value" lines`;
    throw new FrontmatterError(`${file}: ${words}.`, first + 2, [{ line: first + 2, message: words }]);
  }
  const parsed = v.safeParse(FRONTMATTER, doc.toJS() ?? {});
  if (!parsed.success) {
    const problems = mergeTypos(parsed.issues.map((issue) => locatedIssue(issue))).map((issue) => ({
      line: issue.message === 'is missing' ? 1 : lineOf(issue.path),
      message: `the frontmatter's "${issue.path.join('.') || 'frontmatter'}" ${issue.message}`,
    }));
    problems.sort((a, b) => a.line - b.line);
    const words = problems.map((p) => p.message.replace("the frontmatter's ", '')).join('; ');
    throw new FrontmatterError(`${file}: the frontmatter is not valid: ${words}.`, problems[0].line, problems);
  }
  const { title, summary, covers = [], files } = parsed.output;
  return { text: { title, summary, covers, ...(files ? { files } : {}), markdown: source.slice(match[0].length) }, lineOf };
}

/** A lesson.md's frontmatter fields and Markdown body (see readLessonText). */
export function parseLessonText(source: string, file = 'lesson.md'): LessonText {
  return readLessonText(source, file).text;
}
