/** A lesson.md split into its frontmatter fields and its Markdown body. */
export interface LessonText {
  title: string;
  summary: string;
  /** Spec rule ids the lesson teaches, e.g. `endpoints-2`. */
  covers: string[];
  /** The Markdown after the frontmatter. */
  markdown: string;
}

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
  const text = (key: string): string => {
    const value = fields[key];
    if (typeof value !== 'string' || value === '') throw new Error(`${file}: the frontmatter needs a "${key}".`);
    return value;
  };
  const covers = fields.covers ?? [];
  return { title: text('title'), summary: text('summary'), covers: Array.isArray(covers) ? covers : [covers], markdown: source.slice(match[0].length) };
}

function unquote(value: string): string {
  const v = value.trim();
  return /^(["']).*\1$/.test(v) ? v.slice(1, -1) : v;
}
