/** Where this tab keeps the teacher key once it left the address bar (the tab's session only). */
const TEACHER_KEY = 'halo.classroom.teacherKey';

/** Where this tab remembers that projector mode is on, so a reload in front of the class shows no names. */
const PROJECTOR = 'halo.classroom.projector';

/** The session storage, or null where the browser refuses it (then the key lives in the page only). */
function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The teacher key of this page: from the address's fragment (`#key=…`, which the terminal prints), which it
 * then removes from the address bar (a projected page must not show it) and keeps in session storage, so
 * a reload still works; else the key kept before.
 */
export function takeTeacherKey(): string | null {
  const fromAddress = new URLSearchParams(location.hash.slice(1)).get('key');
  if (fromAddress === null) return session()?.getItem(TEACHER_KEY) ?? null;
  rememberTeacherKey(fromAddress);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return fromAddress;
}

/** Keeps `key` for this tab's reloads. */
export function rememberTeacherKey(key: string): void {
  session()?.setItem(TEACHER_KEY, key);
}

/** Forgets the key (the server refused it): the next load asks for one. */
export function forgetTeacherKey(): void {
  session()?.removeItem(TEACHER_KEY);
}

/** Whether projector mode was on in this tab. */
export function projectorWasOn(): boolean {
  return session()?.getItem(PROJECTOR) === 'on';
}

/** Remembers projector mode for this tab's reloads. */
export function rememberProjector(on: boolean): void {
  if (on) session()?.setItem(PROJECTOR, 'on');
  else session()?.removeItem(PROJECTOR);
}
