import { AUTHOR_EVENTS_FILE } from '../../../runtime/course/format/course-data.ts';

/**
 * Author mode: reloads the page each time the author server (runtime/course/tools/author-server.ts) says the course
 * changed on disk. The learner's code and progress are in localStorage, so they survive the reload.
 */
export function followCourseEdits(base: URL, reload: () => void = () => location.reload()): void {
  const events = new EventSource(new URL(AUTHOR_EVENTS_FILE, base));
  events.addEventListener('reload', () => {
    events.close();
    reload();
  });
}
