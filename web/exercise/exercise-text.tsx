import { use } from 'react';
import type { LessonNode } from '../../runtime/course/format/lesson-tree.ts';
import { LessonMarkdown } from '../lessons/lesson-markdown.tsx';

// The Markdown parser lessons use at build time, loaded as its own chunk when an exercise shows text:
// an exercise's text arrives at run time (a link, a file, the teacher typing).
const parser = () => import('../../runtime/course/text/markdown-to-tree.ts');

const trees = new Map<string, Promise<LessonNode[]>>();

/** The parsed text of `markdown`; one promise per text (the last few kept), so React's `use` can read it. */
function treeOf(markdown: string): Promise<LessonNode[]> {
  let tree = trees.get(markdown);
  if (!tree) {
    tree = parser().then((m) => m.markdownToTree(markdown));
    trees.set(markdown, tree);
    // A teacher typing makes a text per key press: only the newest few stay.
    if (trees.size > 20) trees.delete(trees.keys().next().value!);
  }
  return tree;
}

/** The words of a node, its children's joined. */
function textOf(node: LessonNode): string {
  return typeof node === 'string' ? node : (node.children ?? []).map(textOf).join('');
}

/** `text` without a first heading that repeats `title` (a teacher's `# Todos` under the exercise's title "Todos"), which would show it twice. */
export function withoutTitleHeading(text: LessonNode[], title: string): LessonNode[] {
  const same = (words: string) => words.replace(/\s+/g, ' ').trim().toLowerCase();
  const at = text.findIndex((node) => typeof node !== 'string' || node.trim() !== '');
  const first = text[at];
  const repeats = first !== undefined && typeof first !== 'string' && /^h[1-6]$/.test(first.tag) && same(textOf(first)) === same(title);
  return repeats ? text.filter((_, i) => i !== at) : text;
}

/**
 * An exercise's Markdown rendered exactly as lesson text is: raw HTML dropped, nothing injected as HTML; a first
 * heading that repeats the exercise's `title` (shown above the text) left out. Suspends while the parser loads.
 */
export function ExerciseText({ markdown, title }: { markdown: string; title: string }) {
  return <LessonMarkdown text={withoutTitleHeading(use(treeOf(markdown)), title)} />;
}
