import * as v from 'valibot';
import { strictObject } from '../checks/strict-object.ts';
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

/** One thing wrong with the course file, and where: the keys and indexes down to it, and whether it is about the key. */
export interface CourseFileIssue {
  path: (string | number)[];
  /** True when the issue is about the key at the end of `path` (unknown, or missing), not its value. */
  onKey: boolean;
  message: string;
}

/** The course file's problems; empty when it matches the schema. */
export function courseFileIssues(value: unknown): CourseFileIssue[] {
  const parsed = v.safeParse(COURSE_FILE, value);
  if (parsed.success) return [];
  return parsed.issues.map((issue) => ({
    path: (issue.path ?? []).map((item) => item.key as string | number),
    onKey: issue.path?.at(-1)?.origin === 'key',
    message: issue.message,
  }));
}
