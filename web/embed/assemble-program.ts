/**
 * A snippet's program from its cells: the files a reader sees (`visible`), the setup an author hides
 * (`hidden`), and those of the snippets it builds on (`depends-on`), earliest first. Documented in docs/embed.md.
 */

/** The line of a hidden file where the cells of the same name go. */
export const CELL_MARKER = '// @halo-cell';

/** One snippet's own files. */
export interface SnippetFiles {
  /** Files the reader sees (and edits, when the snippet is editable). */
  visible: Record<string, string>;
  /** Setup files the reader does not see; one may hold CELL_MARKER. */
  hidden: Record<string, string>;
}

/**
 * The program of the last snippet of `chain` (the snippets it builds on first): for each file name, the
 * visible code of that name from every snippet of the chain, in order, joined by newlines, put in place of
 * CELL_MARKER in the nearest hidden file of that name (after it, when it has no marker). A hidden file
 * with no visible code of its name is used as it is.
 */
export function assembleProgram(chain: readonly SnippetFiles[]): Record<string, string> {
  const cells = new Map<string, string[]>();
  const templates = new Map<string, string>();
  for (const snippet of chain) {
    for (const [name, code] of Object.entries(snippet.visible)) cells.set(name, [...(cells.get(name) ?? []), code]);
    for (const [name, code] of Object.entries(snippet.hidden)) templates.set(name, code);
  }
  const program: Record<string, string> = {};
  for (const name of new Set([...templates.keys(), ...cells.keys()])) {
    const code = (cells.get(name) ?? []).map((cell) => cell.replace(/\n+$/, '')).join('\n');
    const template = templates.get(name);
    if (template === undefined) program[name] = code;
    else if (!cells.has(name)) program[name] = template;
    else if (template.includes(CELL_MARKER)) program[name] = template.replace(CELL_MARKER, () => code);
    else program[name] = `${template.replace(/\n+$/, '')}\n${code}`;
  }
  return program;
}
