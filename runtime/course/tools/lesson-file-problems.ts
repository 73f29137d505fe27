/** What a lesson's own files get wrong before anything runs: its frontmatter, links, `files:` list and relative imports. */
import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { findApiEntry } from '../../contract/api-entry.ts';
import { FrontmatterError, readLessonText } from '../format/frontmatter.ts';
import { lessonLinkProblems } from '../text/lesson-links.ts';
import { haloApiEntries } from './api-entries.ts';
import type { CourseProblem } from './course-problem.ts';
import type { LessonOnDisk } from './read-course.ts';

/** A `files:` entry the starter or the solution does not have, one problem per entry, at its line. */
function filesProblems(lesson: LessonOnDisk, files: readonly string[], lineOf: (path: (string | number)[]) => number): CourseProblem[] {
  return files.flatMap((name, index) => {
    const lacking = (['starter', 'solution'] as const).filter((program) => !(name in lesson[program].files));
    if (lacking.length === 0) return [];
    const message = `"files" lists ${name}, which the ${lacking.join(' and the ')} ${lacking.length > 1 ? 'do' : 'does'} not have`;
    return [{ file: lesson.textFile, line: lineOf(['files', index]), message }];
  });
}

/** The frontmatter's, the links' and the `files:` list's problems of a lesson's text, each at its line. */
export function lessonTextProblems(lesson: LessonOnDisk, lessons: ReadonlySet<string>): CourseProblem[] {
  const file = lesson.textFile;
  const source = readFileSync(file, 'utf8');
  let read: ReturnType<typeof readLessonText>;
  try {
    read = readLessonText(source, 'lesson.md');
  } catch (error) {
    if (error instanceof FrontmatterError) return error.problems.map((problem) => ({ file, ...problem }));
    return [{ file, line: 1, message: (error as Error).message }];
  }
  const { markdown, files } = read.text;
  const linesBefore = source.slice(0, source.length - markdown.length).split('\n').length - 1;
  // The API reference takes seconds to make the first time: only lessons with api: links wait for it.
  const api = markdown.includes('api:') ? haloApiEntries() : [];
  const links = lessonLinkProblems(markdown, { lessons, hasApi: (name) => findApiEntry(api, name) !== undefined }, linesBefore).map(
    (problem) => {
      const [, line, message] = /^line (\d+): (.*)$/s.exec(problem) ?? ['', '1', problem];
      return { file, line: Number(line), message: `broken link: ${message}` };
    },
  );
  return [...(files ? filesProblems(lesson, files, read.lineOf) : []), ...links];
}

/** The names a relative import may mean: as written, or with the extension left out. */
const candidates = (path: string) => [path, `${path}.ts`, `${path}.js`, `${path}.json`];

/**
 * Each relative import (`./todos.ts`, `../x`) of a starter's or solution's files that names no file of that
 * program, at the import's line, the path as written and the file named from the lesson folder: the program
 * would stop at its first line, so this is found before anything runs.
 */
export function importProblems(lesson: LessonOnDisk): CourseProblem[] {
  const lessonDir = dirname(lesson.textFile);
  return (['starter', 'solution'] as const).flatMap((program) => {
    const { entry, files } = lesson[program];
    // The program's files are named from its folder (`starter/`), or from the lesson's for a single `starter.ts`.
    const root = dirname(entry);
    const single = !entry.endsWith(join(program, 'main.ts'));
    return Object.entries(files).flatMap(([name, text]) => {
      const path = single ? entry : join(root, name);
      return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos }) => {
        if (!fileName.startsWith('./') && !fileName.startsWith('../')) return [];
        const target = posix.normalize(posix.join(posix.dirname(name), fileName));
        if (candidates(target).some((candidate) => candidate in files)) return [];
        const line = text.slice(0, pos).split('\n').length;
        const shown = relative(lessonDir, join(root, target));
        return [{ file: path, line, message: `imports "${fileName}", but the ${program} has no file ${shown}` }];
      });
    });
  });
}
