import type { Check } from '../../../runtime/course/format/check-format.ts';
import type { CompiledLessonText, LessonMeta } from '../../../runtime/course/format/lesson-tree.ts';
import type { Files } from '../../state/files-store.ts';

/** What `virtual:halo-course` gives (runtime/course/tools/course-plugin.ts): the course folder the site was built with. */
export interface CourseModule {
  /** The course's title (course.json; "Halo course" without one). */
  title: string;
  /** The chapters with their one-line introductions (when the course file gives them) and lesson ids, in order. */
  chapters: { title: string; intro?: string; lessons: string[] }[];
  /** The lesson a new learner opens first. */
  first: string;
  /** The program a first visit finds in the free playground (the course's example, else its first starter). */
  example: Files;
  /** Every lesson in course order; `number` is its place, from 1. */
  lessons: (LessonMeta & {
    id: string;
    number: number;
    starter: Files;
    solution: Files;
    checks: Check[];
    text: () => Promise<CompiledLessonText>;
  })[];
}
