import { COURSE_DATA_FORMAT, lessonTextPath, type CourseData, type LessonData, type LessonTextData } from '../format/course-data.ts';
import type { Check } from '../format/check-format.ts';
import { lessonTextParts } from './lesson-text-data.ts';
import { loadChecks } from './load-checks.ts';
import { readCourse, type CourseOnDisk, type LessonOnDisk } from './read-course.ts';

/** A course's data before it is written: `course.json`'s content, and each lesson's text file by its path relative to it. */
export interface CourseDataFiles {
  data: CourseData;
  /** JSON text of each {@link LessonTextData}, by its path (lessonTextPath). */
  texts: Map<string, string>;
  /** The course as read from disk (its programs' files, for the compile step). */
  course: CourseOnDisk;
}

/** The lesson's checks as plain data; in author mode a `checks.ts` that cannot be loaded yet gives none (the validator says why). */
async function checksData(lesson: LessonOnDisk, authoring: boolean): Promise<Check[]> {
  try {
    const { value } = await loadChecks(lesson.checksFile);
    return Array.isArray(value) ? (JSON.parse(JSON.stringify(value)) as Check[]) : [];
  } catch (error) {
    if (authoring) return [];
    throw error;
  }
}

/** One lesson's data, and its text file's path and JSON. */
async function lessonData(
  lesson: LessonOnDisk,
  ids: ReadonlySet<string>,
  authoring: boolean,
): Promise<{ data: LessonData; path: string; json: string }> {
  const { meta, text } = lessonTextParts(lesson.textFile, ids, authoring);
  const json = JSON.stringify({ text } satisfies LessonTextData);
  const data: LessonData = {
    ...meta,
    id: lesson.id,
    starter: lesson.starter.files,
    solution: lesson.solution.files,
    checks: await checksData(lesson, authoring),
  };
  return { data, path: lessonTextPath(lesson.id), json };
}

/**
 * The course in folder `dir` as the page reads it (runtime/course/format/course-data.ts), with no programs compiled
 * yet. A build reads a course the validator passed; author mode (`authoring`) reads one being edited, showing a
 * lesson text's problem in its place and leaving out what cannot be read yet.
 */
export async function readCourseData(dir: string, { authoring }: { authoring: boolean }): Promise<CourseDataFiles> {
  const { course } = readCourse(dir);
  const ids = new Set([...course.lessons.map((lesson) => lesson.id), 'scratch']);
  const lessons = await Promise.all(course.lessons.map((lesson) => lessonData(lesson, ids, authoring)));
  const data: CourseData = {
    format: COURSE_DATA_FORMAT,
    title: course.title,
    chapters: course.chapters,
    first: course.first,
    example: course.example?.files ?? { 'main.ts': '' },
    lessons: lessons.map((lesson) => lesson.data),
    programs: [],
    authoring,
  };
  return { data, texts: new Map(lessons.map((lesson) => [lesson.path, lesson.json])), course };
}
