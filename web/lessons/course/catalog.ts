import type { Check } from '../../../runtime/course/format/check-format.ts';
import type { LessonNode } from '../../../runtime/course/format/lesson-tree.ts';
import { lessonTextPath, type CourseData } from '../../../runtime/course/format/course-data.ts';
import type { Files } from '../../state/files-store.ts';
import { stateHook } from '../../state/state-context.tsx';

/** One lesson, as the playground shows it. */
export interface Lesson {
  /** The folder name, e.g. `01-getting-started`. */
  id: string;
  /** The lesson's place in the course, from 1 (the folder's numeric prefix when there is no course file). */
  number: number;
  title: string;
  summary: string;
  /** Spec rule ids the lesson teaches. */
  covers: string[];
  /** The program the learner starts from: `starter.ts` as `main.ts`, or the files of the `starter/` folder. */
  starter: Files;
  /** A program that passes every check: `solution.ts` or the `solution/` folder, like the starter. */
  solution: Files;
  /** The automatic checks. */
  checks: Check[];
}

/** A chapter of the course: its title, its one-line introduction and its lessons, in course order. */
interface Chapter {
  title: string;
  /** One line on what the chapter teaches ('' when the course file gives none). */
  intro: string;
  lessons: Lesson[];
}

/** The course the playground teaches, as the page reads it: part of the playground state (`useCourse()`). */
export interface Course {
  /** Every lesson, in course order. */
  lessons: Lesson[];
  /** The chapters of the course in order; a course without a course file is one chapter. */
  chapters: Chapter[];
  /** The id of the lesson a new learner opens first. */
  firstLessonId: string;
  /** The program a first visit finds in the free playground. */
  example: Files;
  /** The lesson with `id`, if there is one. */
  findLesson: (id: string) => Lesson | undefined;
  /** The lesson's text, parsed from its Markdown by the course build; one promise per lesson, so React's `use` can read it. */
  lessonText: (lesson: Lesson) => Promise<LessonNode[]>;
}

/**
 * The course of `data` (`course/course.json`, written beside the site by the course build,
 * runtime/course/tools/build-course-site.ts): every lesson's frontmatter, programs and checks come with it; each
 * lesson's text is a file of its own, loaded by `loadText` (given its path relative to `course.json`) when the lesson
 * opens, so the first load does not carry all of them.
 */
export function createCourse(data: CourseData, loadText: (path: string) => Promise<LessonNode[]>): Course {
  const lessons: Lesson[] = data.lessons.map((lesson, index) => ({ ...lesson, number: index + 1 }));
  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const loadedTexts = new Map<string, Promise<LessonNode[]>>();
  return {
    lessons,
    chapters: data.chapters.map((chapter) => ({
      title: chapter.title,
      intro: chapter.intro ?? '',
      lessons: chapter.lessons.flatMap((id) => lessons.filter((lesson) => lesson.id === id)),
    })),
    firstLessonId: data.first,
    example: data.example,
    findLesson: (id) => byId.get(id),
    lessonText: (lesson) => {
      let text = loadedTexts.get(lesson.id);
      if (!text) {
        if (!byId.has(lesson.id)) return Promise.reject(new Error(`There is no lesson ${lesson.id}.`));
        text = loadText(lessonTextPath(lesson.id)).catch((error: unknown) => {
          // Not kept: opening the lesson again tries again.
          loadedTexts.delete(lesson.id);
          throw error;
        });
        loadedTexts.set(lesson.id, text);
      }
      return text;
    },
  };
}

/** The course part of the playground state, for components. */
export const useCourse = stateHook<Course>('course');
