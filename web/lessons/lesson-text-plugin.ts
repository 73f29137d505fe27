import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parseLessonText } from './frontmatter.ts';
import type { CompiledLessonText } from './lesson-tree.ts';
import { markdownToTree } from './markdown-to-tree.ts';

const QUERY = '?lesson';

/**
 * `import text from './lesson.md?lesson'` gives the lesson's frontmatter and its Markdown already parsed
 * (a CompiledLessonText): the lessons are known at build time, so the page needs no Markdown parser.
 */
export function lessonTextPlugin(): Plugin {
  return {
    name: 'halo-lesson-text',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(`.md${QUERY}`)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const { markdown, ...fields } = parseLessonText(readFileSync(file, 'utf8'), file);
      const compiled: CompiledLessonText = { ...fields, text: markdownToTree(markdown) };
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
