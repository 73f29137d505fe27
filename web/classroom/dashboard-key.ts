import { tabStorage } from '../state/tab-storage.ts';

/** Where this tab keeps the teacher key once it left the address bar (the tab's session only). */
const TEACHER_KEY = 'halo.classroom.teacherKey';

/** Where this tab remembers that projector mode is on, so a reload in front of the class shows no names. */
const PROJECTOR = 'halo.classroom.projector';

/** Where this tab remembers the lesson the teacher chose, so a reload shows the same grid. */
const LESSON = 'halo.classroom.lesson';

/**
 * The teacher key of this page: from the address's fragment (`#key=…`, which the terminal prints), which it
 * then removes from the address bar (a projected page must not show it) and keeps in session storage, so
 * a reload still works; else the key kept before.
 */
export function takeTeacherKey(): string | null {
  const fromAddress = new URLSearchParams(location.hash.slice(1)).get('key');
  if (fromAddress === null) return tabStorage()?.getItem(TEACHER_KEY) ?? null;
  rememberTeacherKey(fromAddress);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return fromAddress;
}

/** Keeps `key` for this tab's reloads. */
export function rememberTeacherKey(key: string): void {
  tabStorage()?.setItem(TEACHER_KEY, key);
}

/** Forgets the key (the server refused it): the next load asks for one. */
export function forgetTeacherKey(): void {
  tabStorage()?.removeItem(TEACHER_KEY);
}

/** Whether projector mode was on in this tab. */
export function projectorWasOn(): boolean {
  return tabStorage()?.getItem(PROJECTOR) === 'on';
}

/** Remembers projector mode for this tab's reloads. */
export function rememberProjector(on: boolean): void {
  if (on) tabStorage()?.setItem(PROJECTOR, 'on');
  else tabStorage()?.removeItem(PROJECTOR);
}

/** The lesson this tab showed before its reload (null: the overview). */
export function chosenLesson(): string | null {
  return tabStorage()?.getItem(LESSON) ?? null;
}

/** Remembers the lesson shown (null: the overview) for this tab's reloads. */
export function rememberLesson(lessonId: string | null): void {
  if (lessonId === null) tabStorage()?.removeItem(LESSON);
  else tabStorage()?.setItem(LESSON, lessonId);
}
