/**
 * Halo's own course (lessons/) as the page reads it, for the Node tests: made from the folder by the same reader the
 * course build writes `course/` with (runtime/course/tools/read-course-data.ts), each lesson's text from the same data.
 */
import { resolve } from 'node:path';
import type { LessonTextData } from '../../runtime/course/format/course-data.ts';
import { readCourseData } from '../../runtime/course/tools/read-course-data.ts';
import { createCourse } from '../../web/lessons/course/catalog.ts';

const { data, texts } = await readCourseData(resolve(import.meta.dirname, '../../lessons'), { authoring: false });

/** The course the site built from lessons/ serves. */
export const builtCourse = createCourse(data, async (path) => {
  const json = texts.get(path);
  if (json === undefined) throw new Error(`The course data has no ${path}.`);
  return (JSON.parse(json) as LessonTextData).text;
});
