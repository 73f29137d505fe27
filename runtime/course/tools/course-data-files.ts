import { COURSE_DATA_FILE, COURSE_PROGRAMS_DIR } from '../format/course-data.ts';
import type { CourseDataFiles } from './read-course-data.ts';

/**
 * Every file of a course's data, by its path inside the `course/` folder: `course.json` (listing `programs`, the
 * compiled programs by id), each lesson's text, and each program's JavaScript.
 */
export function courseDataFiles({ data, texts }: CourseDataFiles, programs: ReadonlyMap<string, string>): Map<string, string> {
  const files = new Map<string, string>([[COURSE_DATA_FILE, JSON.stringify({ ...data, programs: [...programs.keys()] })]]);
  for (const [path, json] of texts) files.set(path, json);
  for (const [id, code] of programs) files.set(`${COURSE_PROGRAMS_DIR}/${id}.js`, code);
  return files;
}
