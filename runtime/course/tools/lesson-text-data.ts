import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { findApiEntry } from '../../contract/api-entry.ts';
import { parseLessonText, type LessonText } from '../format/frontmatter.ts';
import type { LessonMeta, LessonNode } from '../format/lesson-tree.ts';
import { lessonLinkProblems } from '../text/lesson-links.ts';
import { markdownToTree } from '../text/markdown-to-tree.ts';
import { haloApiEntries } from './api-entries.ts';

/** A lesson's frontmatter fields and its text as a tree. */
export interface LessonTextParts {
  meta: LessonMeta;
  text: LessonNode[];
}

/** A lesson that shows what is wrong with `file`'s text, for author mode (a code block keeps the words as written). */
function problemLesson(file: string, problems: string[]): LessonText {
  const folder = basename(dirname(file));
  const fence = '`'.repeat(Math.max(3, ...[...problems.join('\n').matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return {
    title: `${folder}: fix its lesson.md`,
    summary: 'This lesson’s text has a problem.',
    covers: [],
    markdown: `**This lesson’s text has a problem.** Fix it and save: the page updates.\n\n${fence}\n${problems.join('\n')}\n${fence}`,
  };
}

/** The broken links of a lesson's text (to a lesson not in `lessons`, or an API entry that does not exist), one line each. */
function linkProblems(file: string, source: string, markdown: string, lessons: ReadonlySet<string>): string[] {
  const linesBefore = source.slice(0, source.length - markdown.length).split('\n').length - 1;
  // The API reference takes seconds to make the first time: only lessons with api: links wait for it.
  const api = markdown.includes('api:') ? haloApiEntries() : [];
  const problems = lessonLinkProblems(markdown, { lessons, hasApi: (name) => findApiEntry(api, name) !== undefined }, linesBefore);
  return problems.length === 0
    ? []
    : [`${file}: broken link${problems.length > 1 ? 's' : ''} in ${basename(file)}:\n  ${problems.join('\n  ')}`];
}

/**
 * A lesson's `lesson.md` as the page shows it: the frontmatter fields, and the Markdown parsed into a tree (the page
 * ships no Markdown parser and renders the tree as React elements, never as HTML). A build reads only courses the
 * validator passed. Author mode (`authoring`) reads a course while its author edits it: a frontmatter that does
 * not match its schema, or a link to a lesson (`lessons`: the course's ids) or an API entry that does not exist,
 * shows as the lesson's own text, so the author fixes it and saves while the rest of the playground stays usable.
 */
export function lessonTextParts(file: string, lessons: ReadonlySet<string>, authoring: boolean): LessonTextParts {
  const source = readFileSync(file, 'utf8');
  let lesson: LessonText;
  try {
    lesson = parseLessonText(source, file);
  } catch (error) {
    if (!authoring) throw error;
    lesson = problemLesson(file, [(error as Error).message]);
  }
  const { markdown, ...meta } = lesson;
  const problems = authoring ? linkProblems(file, source, markdown, lessons) : [];
  const shown = problems.length > 0 ? `${problemLesson(file, problems).markdown}\n\n${markdown}` : markdown;
  return { meta, text: markdownToTree(shown) };
}
