/**
 * Counts a lesson's prose: the words of `lesson.md` outside its frontmatter and fenced code blocks
 * (headings and inline code count, as a reader reads them).
 */
export function proseWords(markdown: string): number {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const prose = body.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
