import * as v from 'valibot';
import { locatedIssue, mergeTypos, strictObject, type LocatedIssue } from './strict-object.ts';
import { LESSON_FOLDER } from './lesson-folder.ts';

const line = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));
const lessonId = v.pipe(v.string(), v.regex(LESSON_FOLDER, 'must be a lesson folder name like "01-getting-started"'));

/**
 * `course.json`, the optional course file: the title, the chapters with their lessons in order (every
 * lesson folder exactly once) and an optional one-line introduction each, and the lesson a new learner
 * opens first (default: the first one).
 */
const COURSE_FILE = strictObject(
  {
    title: line,
    chapters: v.pipe(
      v.array(
        strictObject(
          {
            title: line,
            intro: v.optional(line),
            lessons: v.pipe(v.array(lessonId), v.minLength(1, 'must list at least one lesson')),
          },
          'a chapter',
        ),
      ),
      v.minLength(1, 'must list at least one chapter'),
    ),
    first: v.optional(lessonId),
  },
  'the course file',
);

/** The course file's name in a course folder. */
export const COURSE_FILE_NAME = 'course.json';

/** What the course file says, once checked. */
export type CourseFile = v.InferOutput<typeof COURSE_FILE>;

/** The course file's problems, each with where it is; empty when it matches the schema. */
export function courseFileIssues(value: unknown): LocatedIssue[] {
  const parsed = v.safeParse(COURSE_FILE, value);
  return parsed.success ? [] : mergeTypos(parsed.issues.map((issue) => locatedIssue(issue)));
}
