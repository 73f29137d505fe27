import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';

/** The course-end part of the playground state. */
export type CourseEndPart = ReturnType<typeof createCourseEndState>;

/** Creates whether the lesson pane shows the "Course complete" panel (after "Finish the course" on the last lesson). */
export function createCourseEndState() {
  const courseEndStore = createStore<{ shown: boolean }>({ shown: false });

  /** Shows the "Course complete" panel in the lesson pane. */
  function finishCourse(): void {
    courseEndStore.set({ shown: true });
  }

  return { courseEndStore, finishCourse };
}

/** The course-end part of the playground state, for components. */
export const useCourseEnd = stateHook<CourseEndPart>('courseEnd');
