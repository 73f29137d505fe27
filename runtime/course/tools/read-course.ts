import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { COURSE_FILE_NAME, courseFileIssues, type CourseFile } from '../format/course-file.ts';
import { parseTree } from 'jsonc-parser';
import { pathMark } from '../format/json-mark.ts';
import { lineOf, type CourseProblem } from './course-problem.ts';
import { LESSON_FOLDER, PROGRAM_FILE } from '../format/lesson-folder.ts';

/** A lesson program on disk: the file it starts from and every file as the page holds it (`main.ts` first). */
interface ProgramOnDisk {
  /** `starter.ts`, or `starter/main.ts` for a program of several files (absolute). */
  entry: string;
  /** Every file to watch (absolute). */
  paths: string[];
  /** The files by the names the playground gives them: a single file is `main.ts`. */
  files: Record<string, string>;
}

/** One lesson folder of a course. */
export interface LessonOnDisk {
  /** The folder name, e.g. `01-getting-started`. */
  id: string;
  /** The lesson's place in the course, from 1. */
  number: number;
  /** `lesson.md` (absolute). */
  textFile: string;
  /** `checks.ts` (absolute). */
  checksFile: string;
  starter: ProgramOnDisk;
  solution: ProgramOnDisk;
}

/** A course folder read from disk, its lessons in course order. */
export interface CourseOnDisk {
  /** The course folder (absolute). */
  dir: string;
  title: string;
  /** The chapters in order, each with its one-line introduction when the course file gives one. */
  chapters: { title: string; intro?: string; lessons: string[] }[];
  /** The lesson a new learner opens first. */
  first: string;
  lessons: LessonOnDisk[];
  /** The program a first visit finds in the free playground: {@link EXAMPLE_PROGRAM}, else the first lesson's starter. */
  example: ProgramOnDisk | null;
}

/** A course's example program, beside its lesson folders (not a lesson: it has no `lesson.md`). */
const EXAMPLE_PROGRAM = 'getting-started/app.ts';

/** The title of a course without a course file. */
const DEFAULT_TITLE = 'Halo course';

/**
 * Reads the course folder `dir`: every sub-folder holding a `lesson.md` is a lesson, and `course.json`,
 * when there, orders them in chapters. Problems (a missing file, a bad name, a lesson the course file
 * leaves out) are returned, never thrown; the lessons that are whole are read all the same.
 */
export function readCourse(dir: string): { course: CourseOnDisk; problems: CourseProblem[] } {
  const problems: CourseProblem[] = [];
  const folders = readdirSync(dir, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'lesson.md')),
  );
  const found = new Map<string, LessonOnDisk>();
  for (const folder of folders) {
    const lessonDir = join(dir, folder.name);
    if (!LESSON_FOLDER.test(folder.name)) {
      problems.push({
        file: join(lessonDir, 'lesson.md'),
        line: 0,
        message: `the lesson folder "${folder.name}" must be named like "01-getting-started" (a number, a dash, letters, digits, - or _)`,
      });
      continue;
    }
    const lesson = readLesson(folder.name, lessonDir, problems);
    if (lesson) found.set(folder.name, lesson);
  }
  const file = readCourseFile(dir, problems);
  const byNumber = [...found.keys()].sort(
    (a, b) => Number(LESSON_FOLDER.exec(a)?.[1]) - Number(LESSON_FOLDER.exec(b)?.[1]) || a.localeCompare(b),
  );
  const chapters = file ? file.chapters : [{ title: DEFAULT_TITLE, lessons: byNumber }];
  const order = file
    ? orderOfCourseFile(
        file,
        join(dir, COURSE_FILE_NAME),
        found,
        folders.map((f) => f.name),
        problems,
      )
    : byNumber;
  const lessons = order.flatMap((id, index) => {
    const lesson = found.get(id);
    return lesson ? [{ ...lesson, number: index + 1 }] : [];
  });
  const first = file?.first ?? lessons[0]?.id ?? '';
  const example = readExample(dir) ?? lessons[0]?.starter ?? null;
  return { course: { dir, title: file?.title ?? DEFAULT_TITLE, chapters, first, lessons, example }, problems };
}

/** The course's {@link EXAMPLE_PROGRAM}, one file, when it has one. */
function readExample(dir: string): ProgramOnDisk | null {
  const path = join(dir, EXAMPLE_PROGRAM);
  return existsSync(path) ? { entry: path, paths: [path], files: { 'main.ts': readFileSync(path, 'utf8') } } : null;
}

function readCourseFile(dir: string, problems: CourseProblem[]): CourseFile | null {
  const path = join(dir, COURSE_FILE_NAME);
  if (!existsSync(path)) return null;
  const source = readFileSync(path, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    problems.push({ file: path, line: 1, message: `is not JSON: ${(error as Error).message}` });
    return null;
  }
  const issues = courseFileIssues(value);
  const root = parseTree(source);
  for (const issue of issues) {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'course';
    const at = root ? pathMark(root, issue.path, issue.onKey, '').offset : 0;
    problems.push({ file: path, line: source.slice(0, at).split('\n').length, message: `"${where}" ${issue.message}` });
  }
  return issues.length === 0 ? (value as CourseFile) : null;
}

/** The lessons in the course file's order; every listed lesson must exist once, every lesson folder be listed. */
function orderOfCourseFile(
  file: CourseFile,
  path: string,
  found: Map<string, LessonOnDisk>,
  folders: string[],
  problems: CourseProblem[],
): string[] {
  const source = readFileSync(path, 'utf8');
  const order = file.chapters.flatMap((chapter) => chapter.lessons);
  const seen = new Set<string>();
  for (const id of order) {
    const line = lineOf(source, `"${id}"`);
    if (seen.has(id)) problems.push({ file: path, line, message: `lists the lesson "${id}" twice` });
    else if (!folders.includes(id))
      problems.push({ file: path, line, message: `lists the lesson "${id}", but there is no folder ${id}/ with a lesson.md` });
    seen.add(id);
  }
  for (const id of found.keys())
    if (!seen.has(id)) problems.push({ file: path, line: 1, message: `does not list the lesson folder "${id}" in any chapter` });
  if (file.first !== undefined && !order.includes(file.first))
    problems.push({ file: path, line: lineOf(source, '"first"'), message: `"first" names "${file.first}", which no chapter lists` });
  return [...new Set(order)];
}

function readLesson(id: string, lessonDir: string, problems: CourseProblem[]): LessonOnDisk | null {
  const textFile = join(lessonDir, 'lesson.md');
  const checksFile = join(lessonDir, 'checks.ts');
  if (!existsSync(checksFile))
    problems.push({ file: textFile, line: 0, message: `the lesson ${id} has no checks.ts next to its lesson.md` });
  const starter = readProgram(lessonDir, 'starter', problems);
  const solution = readProgram(lessonDir, 'solution', problems);
  if (!starter || !solution || !existsSync(checksFile)) return null;
  return { id, number: 0, textFile, checksFile, starter, solution };
}

/** `<name>.ts`, or the folder `<name>/` with a `main.ts`. */
function readProgram(lessonDir: string, name: 'starter' | 'solution', problems: CourseProblem[]): ProgramOnDisk | null {
  const single = join(lessonDir, `${name}.ts`);
  if (existsSync(single)) return { entry: single, paths: [single], files: { 'main.ts': readFileSync(single, 'utf8') } };
  const folder = join(lessonDir, name);
  if (!existsSync(folder) || !statSync(folder).isDirectory() || !existsSync(join(folder, 'main.ts'))) {
    problems.push({
      file: join(lessonDir, 'lesson.md'),
      line: 0,
      message: `the lesson ${basename(lessonDir)} has no ${name}.ts nor ${name}/main.ts`,
    });
    return null;
  }
  const names = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((path) => path.split('\\').join('/'))
    .filter((path) => statSync(join(folder, path)).isFile());
  const files: Record<string, string> = {};
  for (const path of names) {
    if (!PROGRAM_FILE.test(path)) {
      problems.push({
        file: join(folder, path),
        line: 0,
        message: `"${path}" is not a program file name the playground accepts (letters, digits, - and _, in folders, ending .ts, .js or .json)`,
      });
      continue;
    }
    files[path] = readFileSync(join(folder, path), 'utf8');
  }
  const ordered = { 'main.ts': files['main.ts'], ...files };
  return { entry: join(folder, 'main.ts'), paths: Object.keys(ordered).map((path) => join(folder, path)), files: ordered };
}
