import { createStore } from '../state/store.ts';
import { readStored, writeStored, type KeyValueStorage } from '../state/stored.ts';
import { stateHook } from '../state/state-context.tsx';
import type { FilesPart } from '../state/files-store.ts';
import type { LessonChecksPart } from '../lessons/lesson-checks.ts';
import { membershipActions, sharingActions } from './class-actions.ts';
import type { ClassSession, ClassState } from './class-session.ts';
import { connectClassSharing } from './class-sharing.ts';

/** The class part of the playground state. */
type ClassPart = ReturnType<typeof createClassState>;

/**
 * The learner's class: joining with a code and a name (nothing is sent but the code check), sharing off until
 * the learner turns it on, then each check result of the open lesson as it changes (and code only on request),
 * until they stop sharing. Kept in storage so a reload stays in the class.
 */
export function createClassState(
  { storage, search }: { storage: KeyValueStorage | undefined; search: string },
  { lessonChecksStore }: LessonChecksPart,
  { filesStore }: FilesPart,
) {
  const membership = readStored(storage, 'halo.classroom.v1', { joined: null }).joined;
  const classStore = createStore<ClassState>({
    available: new URLSearchParams(search).has('class') || membership !== null,
    open: membership === null && new URLSearchParams(search).has('class'),
    membership,
    codeLesson: null,
    busy: false,
    error: null,
    link: 'live',
    nextClass: null,
  });
  classStore.subscribe(() => writeStored(storage, 'halo.classroom.v1', { joined: classStore.get().membership }));
  const session: ClassSession = { classStore, lessonChecksStore, filesStore, sent: new Map(), sendFailed: false };
  return {
    classStore,
    ...membershipActions(session),
    ...sharingActions(session),
    /** Sends each changed check result while sharing and keeps an eye on the class; returns the function that stops both. */
    connectClassSharing: () => connectClassSharing(session),
  };
}

/** The class part of the playground state, for components. */
export const useClassState = stateHook<ClassPart>('classroom');
