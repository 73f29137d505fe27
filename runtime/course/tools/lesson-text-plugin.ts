import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Plugin } from 'vite';
import { apiReference } from '../../build/api-reference-cache.ts';
import { findApiEntry } from '../../contract/api-entry.ts';
import { parseLessonText } from '../format/frontmatter.ts';
import { lessonLinkProblems } from '../text/lesson-links.ts';
import type { CompiledLessonText, LessonMeta } from '../format/lesson-tree.ts';
import { markdownToTree } from '../text/markdown-to-tree.ts';

/** `?lesson`: the frontmatter fields and the parsed text; `?lesson-meta`: the fields alone (the course module's, eager). */
const QUERY = /\.md\?lesson(-meta)?$/;
const LESSON_FOLDER = /^\d+-[\w-]+$/;

/** The lesson folders next to `file`'s own, and the free playground's id, which `?lesson=` links may name. */
function lessonIds(file: string): Set<string> {
  const folders = readdirSync(dirname(dirname(file)), { withFileTypes: true });
  return new Set([...folders.filter((d) => d.isDirectory() && LESSON_FOLDER.test(d.name)).map((d) => d.name), 'scratch']);
}

/** A lesson that shows what is wrong with `file`'s text, for author mode (a code block keeps the words as written). */
function problemLesson(file: string, problems: string[]): ReturnType<typeof parseLessonText> {
  const folder = basename(dirname(file));
  const fence = '`'.repeat(Math.max(3, ...[...problems.join('\n').matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return {
    title: `${folder}: fix its lesson.md`,
    summary: 'This lesson’s text has a problem.',
    covers: [],
    markdown: `**This lesson’s text has a problem.** Fix it and save: the page updates.\n\n${fence}\n${problems.join('\n')}\n${fence}`,
  };
}

/**
 * `import text from '../lesson.md?lesson'` gives the lesson's frontmatter and its Markdown already parsed
 * (a CompiledLessonText): the lessons are known at build time, so the page needs no Markdown parser.
 * `./lesson.md?lesson-meta` gives the frontmatter alone (a LessonMeta), so the page's first load
 * carries the lesson list without every lesson's text.
 * A lesson whose frontmatter does not match its schema, or with a link to a lesson or an API entry
 * that does not exist, fails the build with a message naming the file. While serving (author mode) the
 * lesson shows that problem in its own pane instead, so the author fixes it and saves: Vite's error
 * overlay would hide the whole playground for one lesson's typo.
 */
export function lessonTextPlugin(): Plugin {
  let serving = false;
  return {
    name: 'halo-lesson-text',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    load(id) {
      const query = QUERY.exec(id);
      if (!query) return null;
      const file = id.slice(0, query.index + '.md'.length);
      this.addWatchFile(file);
      const source = readFileSync(file, 'utf8');
      let lesson: ReturnType<typeof parseLessonText>;
      try {
        lesson = parseLessonText(source, file);
      } catch (error) {
        if (!serving) throw error;
        lesson = problemLesson(file, [(error as Error).message]);
      }
      const { markdown, ...fields } = lesson;
      if (query[1]) return `export default ${JSON.stringify(fields satisfies LessonMeta)};`;
      const linesBefore = source.slice(0, source.length - markdown.length).split('\n').length - 1;
      // The API reference takes seconds to make the first time: only lessons with api: links wait for it.
      const api = markdown.includes('api:') ? apiReference() : [];
      const problems = lessonLinkProblems(
        markdown,
        { lessons: lessonIds(file), hasApi: (name) => findApiEntry(api, name) !== undefined },
        linesBefore,
      );
      let shown = markdown;
      if (problems.length > 0) {
        const linkProblem = `${file}: broken link${problems.length > 1 ? 's' : ''} in ${basename(file)}:\n  ${problems.join('\n  ')}`;
        if (!serving) throw new Error(linkProblem);
        shown = `${problemLesson(file, [linkProblem]).markdown}\n\n${markdown}`;
      }
      const compiled: CompiledLessonText = { ...fields, text: markdownToTree(shown) };
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
