import {
  COURSE_DATA_DIR,
  COURSE_DATA_FILE,
  COURSE_DATA_FORMAT,
  COURSE_PROGRAMS_DIR,
  type CourseData,
  type LessonTextData,
} from '../../../runtime/course/format/course-data.ts';
import { createCourse, type Course } from './catalog.ts';

/** The course a site serves, as the page starts with it. */
export interface LoadedCourse {
  course: Course;
  /** The course folder's URL (`course/` beside index.html). */
  base: URL;
  /** Served by author mode: the page reloads after each save (see followCourseEdits). */
  authoring: boolean;
  /** The programs the course build compiled ahead, for the engine: their compile ids and the folder of their files. */
  prebuilt: { ids: readonly string[]; base: URL };
}

/** The JSON at `url`, or an error that names it. */
async function fetchJson(url: URL): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}.`);
  return response.json();
}

/**
 * The course of the site at `root`: `course/course.json`, which the course build (or author mode) wrote beside
 * the prebuilt playground; each lesson's text is fetched when the lesson first opens. Relative to `root`, so the
 * site works under any sub-path; the service worker keeps every file of it for offline use.
 */
export async function loadCourse(root: URL): Promise<LoadedCourse> {
  const base = new URL(`${COURSE_DATA_DIR}/`, root);
  const data = (await fetchJson(new URL(COURSE_DATA_FILE, base))) as CourseData;
  const format: unknown = data.format;
  if (format !== COURSE_DATA_FORMAT)
    throw new Error(`The course data is of format ${String(format)}; this playground reads format ${COURSE_DATA_FORMAT}.`);
  const loadText = async (path: string) => ((await fetchJson(new URL(path, base))) as LessonTextData).text;
  return {
    course: createCourse(data, loadText),
    base,
    authoring: data.authoring,
    prebuilt: { ids: data.programs, base: new URL(`${COURSE_PROGRAMS_DIR}/`, base) },
  };
}
