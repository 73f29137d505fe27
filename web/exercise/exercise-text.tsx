import { use } from 'react';
import type { LessonNode } from '../../runtime/contract/lesson-tree.ts';
import { LessonMarkdown } from '../lessons/lesson-markdown.tsx';

// The Markdown parser lessons use at build time, loaded as its own chunk when an exercise shows text:
// an exercise's text arrives at run time (a link, a file, the teacher typing).
const parser = () => import('../../runtime/build/markdown-to-tree.ts');

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

/** An exercise's Markdown rendered exactly as lesson text is: raw HTML dropped, nothing injected as HTML. Suspends while the parser loads. */
export function ExerciseText({ markdown }: { markdown: string }) {
  return <LessonMarkdown text={use(treeOf(markdown))} />;
}
