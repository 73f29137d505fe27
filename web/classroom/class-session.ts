/** The learner's class as the parts of the class store share it: its state, what was sent, and how a call shows. */
import type { Store } from '../state/store.ts';
import type { FilesPart } from '../state/files-store.ts';
import type { LessonChecksPart } from '../lessons/lesson-checks.ts';
import type { ClassPublicInfo } from '../../runtime/classroom/class-protocol.ts';
import type { ClassLink, Membership } from './class-api.ts';

/** The learner's side of a class. */
export interface ClassState {
  /** The page belongs to a class: opened at the join address (`?class`), or a class was joined on this origin. */
  available: boolean;
  /** The class panel is open. */
  open: boolean;
  membership: Membership | null;
  /** The lesson whose code the teacher can see, if any. */
  codeLesson: string | null;
  /** A call to the class server is under way. */
  busy: boolean;
  /** The last refusal or network failure, in words. */
  error: string | null;
  /** Where the membership stands: the class answers, does not answer, ended (restarted as a new class), or removed this learner. */
  link: ClassLink['state'];
  /** The class that replaced an ended one, when the server said which: "Join the new class" joins it. */
  nextClass: ClassPublicInfo | null;
}

/** The class store and what its actions and its sharing read and change. */
export interface ClassSession {
  classStore: Store<ClassState>;
  lessonChecksStore: LessonChecksPart['lessonChecksStore'];
  filesStore: FilesPart['filesStore'];
  /** What was last sent of each check, by `lesson:check`, so an unchanged result is not sent again. */
  sent: Map<string, string>;
  /** A result could not be sent (the server was away): its error shows until the link answers again, which sends it. */
  sendFailed: boolean;
}

/**
 * The class server's calls and what a result sends of a failure, loaded at the first call: most pages never join a
 * class, so the first load goes without them.
 */
export const classCalls = () =>
  Promise.all([import('./class-api.ts'), import('./check-result-summary.ts')]).then(([api, { failureOf }]) => ({ ...api, failureOf }));

/** `error` in words, as the class panel shows it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a call to the class server, showing it as busy and its failure as an error. */
export async function attempt({ classStore }: ClassSession, work: () => Promise<void>): Promise<void> {
  classStore.set({ busy: true, error: null });
  try {
    await work();
  } catch (error) {
    classStore.set({ error: errorText(error) });
  } finally {
    classStore.set({ busy: false });
  }
}
