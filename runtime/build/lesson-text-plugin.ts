import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Plugin } from 'vite';
import { apiReference } from './api-reference-cache.ts';
import { findApiEntry } from '../contract/api-entry.ts';
import { parseLessonText } from './frontmatter.ts';
import { lessonLinkProblems } from './lesson-links.ts';
import type { CompiledLessonText, LessonMeta } from '../contract/lesson-tree.ts';
import { markdownToTree } from './markdown-to-tree.ts';

/** `?lesson`: the frontmatter fields and the parsed text; `?lesson-meta`: the fields alone (the course module's, eager). */
const QUERY = /\.md\?lesson(-meta)?$/;
const LESSON_FOLDER = /^\d+-[\w-]+$/;

/** The lesson folders next to `file`'s own, and the free playground's id, which `?lesson=` links may name. */
function lessonIds(file: string): Set<string> {
  const folders = readdirSync(dirname(dirname(file)), { withFileTypes: true });
  return new Set([...folders.filter((d) => d.isDirectory() && LESSON_FOLDER.test(d.name)).map((d) => d.name), 'scratch']);
}

/**
 * `import text from '../lesson.md?lesson'` gives the lesson's frontmatter and its Markdown already parsed
 * (a CompiledLessonText): the lessons are known at build time, so the page needs no Markdown parser.
 * `./lesson.md?lesson-meta` gives the frontmatter alone (a LessonMeta), so the page's first load
 * carries the lesson list without every lesson's text.
 * A lesson whose frontmatter does not match its schema, or with a link to a lesson or an API entry
 * that does not exist, fails the build with a message naming the file.
 */
export function lessonTextPlugin(): Plugin {
  return {
    name: 'halo-lesson-text',
    enforce: 'pre',
    load(id) {
      const query = QUERY.exec(id);
      if (!query) return null;
      const file = id.slice(0, query.index + '.md'.length);
      this.addWatchFile(file);
      const source = readFileSync(file, 'utf8');
      const { markdown, ...fields } = parseLessonText(source, file);
      if (query[1]) return `export default ${JSON.stringify(fields satisfies LessonMeta)};`;
      const linesBefore = source.slice(0, source.length - markdown.length).split('\n').length - 1;
      // The API reference takes seconds to make the first time: only lessons with api: links wait for it.
      const api = markdown.includes('api:') ? apiReference() : [];
      const problems = lessonLinkProblems(
        markdown,
        { lessons: lessonIds(file), hasApi: (name) => findApiEntry(api, name) !== undefined },
        linesBefore,
      );
      if (problems.length > 0)
        throw new Error(`${file}: broken link${problems.length > 1 ? 's' : ''} in ${basename(file)}:\n  ${problems.join('\n  ')}`);
      const compiled: CompiledLessonText = { ...fields, text: markdownToTree(markdown) };
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
