/**
 * The course as data: what a course build writes beside a copy of the prebuilt playground
 * (runtime/course/tools/build-course-site.ts), what author mode serves (runtime/course/tools/author-server.ts),
 * and what the page reads at run time (web/lessons/course/load-course.ts). Platform-neutral: types and names only.
 *
 * ```
 * course/course.json                 CourseData: titles, chapters, every lesson's frontmatter, programs and checks
 * course/lessons/<id>.json           LessonTextData: one lesson's text as a tree, fetched when the lesson opens
 * course/programs/<id>.js            a starter, solution or the example compiled ahead, by its compile id
 * ```
 */
import type { Check } from './check-format.ts';
import type { LessonMeta, LessonNode } from './lesson-tree.ts';

/** The folder of the course data, beside the site's `index.html`. */
export const COURSE_DATA_DIR = 'course';
/** The file the page reads first, inside {@link COURSE_DATA_DIR}. */
export const COURSE_DATA_FILE = 'course.json';
/** The folder of the programs compiled ahead, inside {@link COURSE_DATA_DIR}. */
export const COURSE_PROGRAMS_DIR = 'programs';
/** Author mode's event stream, inside {@link COURSE_DATA_DIR}: one `reload` event after each save in the course folder. */
export const AUTHOR_EVENTS_FILE = 'events';
/** The version of this format: a page refuses data of another. */
export const COURSE_DATA_FORMAT = 1;

/** A program as the page holds it: its files by name, `main.ts` first. */
type ProgramFiles = Record<string, string>;

/**
 * One lesson: its frontmatter, programs and checks. Its place in the course is its place in the list, and its text
 * is at {@link lessonTextPath}: `course.json` is fetched before the page's first answer, so it carries nothing the
 * page can work out.
 */
export interface LessonData extends LessonMeta {
  /** The folder name, e.g. `01-getting-started`. */
  id: string;
  starter: ProgramFiles;
  solution: ProgramFiles;
  /** The checks as `checks.ts` exports them (plain data: `defineChecks` is an identity function). */
  checks: Check[];
}

/** Where the lesson `id`'s {@link LessonTextData} is, relative to `course.json`. */
export function lessonTextPath(id: string): string {
  return `lessons/${id}.json`;
}

/** `course/course.json`. */
export interface CourseData {
  format: typeof COURSE_DATA_FORMAT;
  /** The course's title (course.json; "Halo course" without one). */
  title: string;
  /** The chapters with their one-line introductions (when the course file gives them) and lesson ids, in order. */
  chapters: { title: string; intro?: string; lessons: string[] }[];
  /** The lesson a new learner opens first. */
  first: string;
  /** The program a first visit finds in the free playground (the course's example, else its first starter). */
  example: ProgramFiles;
  /** Every lesson in course order. */
  lessons: LessonData[];
  /** Compile ids of the programs in {@link COURSE_PROGRAMS_DIR} (empty in author mode: the page compiles). */
  programs: string[];
  /** Served by author mode: the page follows {@link AUTHOR_EVENTS_FILE} and reloads after each save. */
  authoring: boolean;
}

/** `course/lessons/<id>.json`: a lesson's text, its Markdown parsed into a tree at build time. */
export interface LessonTextData {
  text: LessonNode[];
}
