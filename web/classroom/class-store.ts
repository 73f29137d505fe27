import { createStore } from '../state/store.ts';
import { readStored, writeStored, type KeyValueStorage } from '../state/stored.ts';
import { stateHook } from '../state/state-context.tsx';
import type { FilesPart } from '../state/files-store.ts';
import type { LessonChecksPart } from '../lessons/lesson-checks.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { ClassPublicInfo } from '../../runtime/classroom/class-protocol.ts';
import type { ClassLink, Membership } from './class-api.ts';
import type { failureOf as FailureOf } from './check-result-summary.ts';

/** The learner's side of a class. */
interface ClassState {
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

/** How often a member's page asks whether its class still holds (a restart, a removal). */
const LINK_CHECK_MS = 5000;

/** The class part of the playground state. */
type ClassPart = ReturnType<typeof createClassState>;

/** A secret of this browser for this class: 32 random bytes, base64url. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The class server's calls and what a result sends of a failure, loaded at the first call: most pages never join a
 * class, so the first load goes without them.
 */
const classCalls = () =>
  Promise.all([import('./class-api.ts'), import('./check-result-summary.ts')]).then(([api, { failureOf }]) => ({ ...api, failureOf }));

/** What was last sent of a check, so an unchanged result is not sent again. */
function signature(result: CheckResult, failureOf: typeof FailureOf): string {
  return JSON.stringify([result.passed, failureOf(result)]);
}

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
  const sent = new Map<string, string>();
  /** A result could not be sent (the server was away): its error shows until the link answers again, which sends it. */
  let sendFailed = false;

  /** Runs a call to the class server, showing it as busy and its failure as an error. */
  async function attempt(work: () => Promise<void>): Promise<void> {
    classStore.set({ busy: true, error: null });
    try {
      await work();
    } catch (error) {
      classStore.set({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      classStore.set({ busy: false });
    }
  }

  /** Asks the server whether the membership still holds, and says what changed (sharing off when the class forgot the learner). */
  async function checkLink(): Promise<void> {
    const current = classStore.get().membership;
    if (!current || classStore.get().link === 'ended' || classStore.get().link === 'removed') return;
    const link = await (await classCalls()).classLink(current);
    if (classStore.get().membership !== current) return;
    if (link.state === 'forgotten') {
      classStore.set({
        membership: { ...current, learnerId: null },
        codeLesson: null,
        link: 'live',
        error: 'The class no longer knows you: sharing is off.',
      });
      return;
    }
    classStore.set({ link: link.state, nextClass: link.state === 'ended' ? link.next : null });
    if (link.state === 'live' && sendFailed) {
      sendFailed = false;
      classStore.set({ error: null });
      sendChangedResults();
    }
  }

  /** Stops sharing on this page whatever the server says: the learner's word is final here. */
  async function stopLocally(current: Membership): Promise<void> {
    classStore.set({ membership: { ...current, learnerId: null }, codeLesson: null });
    try {
      if (classStore.get().link !== 'ended' && classStore.get().link !== 'removed') await (await classCalls()).stopSharing(current);
    } catch (error) {
      classStore.set({
        error: `Sharing is off on this page; the class server could not be told (${error instanceof Error ? error.message : String(error)}).`,
      });
    }
  }

  /** Sends the open lesson's results that changed since they were last sent (nothing unless sharing). */
  function sendChangedResults(): void {
    if (!classStore.get().membership?.learnerId) return;
    // Read and marked as sent in one task once the calls are there: two changes in a row never send a result twice.
    void classCalls().then(
      ({ sendResult, failureOf }) => {
        const current = classStore.get().membership;
        const { lessonId, results } = lessonChecksStore.get();
        if (!current?.learnerId || !lessonId) return;
        results.forEach((result, check) => {
          if (!result) return;
          const key = `${lessonId}:${check}`;
          const now = signature(result, failureOf);
          if (sent.get(key) === now) return;
          sent.set(key, now);
          sendResult(current, { lesson: lessonId, check, passed: result.passed, failure: failureOf(result) }).catch((error: unknown) => {
            sent.delete(key);
            sendFailed = true;
            classStore.set({ error: error instanceof Error ? error.message : String(error) });
            void checkLink();
          });
        });
      },
      (error: unknown) => classStore.set({ error: error instanceof Error ? error.message : String(error) }),
    );
  }

  return {
    classStore,
    /** Opens or closes the class panel. */
    toggleClassPanel: () => classStore.set((s) => ({ open: !s.open })),
    /** Joins with a code and a display name: only the code is checked; nothing is shared yet. */
    joinClass: (code: string, name: string) =>
      attempt(async () => {
        const info = await (await classCalls()).checkClassCode(code.trim());
        classStore.set({ membership: { code: info.code, title: info.title, name: name.trim(), secret: newSecret(), learnerId: null } });
      }),
    /** Turns sharing on, and sends the results the open lesson has now. */
    shareResults: () =>
      attempt(async () => {
        const current = classStore.get().membership;
        if (!current || current.learnerId) return;
        const learner = await (await classCalls()).startSharing(current);
        sent.clear();
        classStore.set({ membership: { ...current, learnerId: learner.id } });
        sendChangedResults();
      }),
    /** Turns sharing off (on this page at once, even when the server refuses or is gone): the dashboard drops the learner. */
    stopSharing: () =>
      attempt(async () => {
        const current = classStore.get().membership;
        if (current?.learnerId) await stopLocally(current);
      }),
    /** Shows the teacher the open lesson's or exercise's code (its files as they are now). */
    showMyCode: () =>
      attempt(async () => {
        const current = classStore.get().membership;
        const { lessonId } = lessonChecksStore.get();
        if (!current?.learnerId || !lessonId) return;
        await (await classCalls()).showCode(current, lessonId, filesStore.get().files);
        classStore.set({ codeLesson: lessonId });
      }),
    /** Stops showing the code. */
    hideMyCode: () =>
      attempt(async () => {
        const current = classStore.get().membership;
        if (!current?.learnerId) return;
        await (await classCalls()).hideCode(current);
        classStore.set({ codeLesson: null });
      }),
    /** Leaves the class on this browser (stopping sharing first, if on): always, whatever the server says. */
    leaveClass: () =>
      attempt(async () => {
        const current = classStore.get().membership;
        if (current?.learnerId) await stopLocally(current);
        classStore.set({ membership: null, codeLesson: null, link: 'live', nextClass: null });
      }),
    /** Joins the class that replaced an ended one, under the same name, sharing again if sharing was on: one click. */
    joinNewClass: () =>
      attempt(async () => {
        const { membership: current, nextClass } = classStore.get();
        if (!current || !nextClass) return;
        const joined: Membership = {
          code: nextClass.code,
          title: nextClass.title,
          name: current.name,
          secret: newSecret(),
          learnerId: null,
        };
        classStore.set({ membership: joined, codeLesson: null, link: 'live', nextClass: null });
        if (current.learnerId === null) return;
        const learner = await (await classCalls()).startSharing(joined);
        sent.clear();
        classStore.set({ membership: { ...joined, learnerId: learner.id } });
        sendChangedResults();
      }),
    /** Sends each changed check result while sharing and keeps an eye on the class; returns the function that stops both. */
    connectClassSharing: () => {
      const unsubscribe = lessonChecksStore.subscribe(sendChangedResults);
      const timer = setInterval(() => void checkLink().catch(() => undefined), LINK_CHECK_MS);
      void checkLink().catch(() => undefined);
      return () => {
        unsubscribe();
        clearInterval(timer);
      };
    },
  };
}

/** The class part of the playground state, for components. */
export const useClassState = stateHook<ClassPart>('classroom');
