import { createStore } from '../state/store.ts';

/** Whether the lesson pane shows the "Course complete" panel (after "Finish the course" on the last lesson). */
export const courseEndStore = createStore<{ shown: boolean }>({ shown: false });

/** Shows the "Course complete" panel in the lesson pane. */
export function finishCourse(): void {
  courseEndStore.set({ shown: true });
}
