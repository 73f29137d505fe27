/**
 * A learner's sharing with their class: each check result of the open lesson sent as it changes, the link to the class
 * checked now and then (a restart, a removal), and sharing stopped on this page whatever the server says.
 */
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import type { Membership } from './class-api.ts';
import type { failureOf as FailureOf } from './check-result-summary.ts';
import { classCalls, errorText, type ClassSession } from './class-session.ts';

/** How often a member's page asks whether its class still holds (a restart, a removal). */
const LINK_CHECK_MS = 5000;

/** What was last sent of a check, so an unchanged result is not sent again. */
function signature(result: CheckResult, failureOf: typeof FailureOf): string {
  return JSON.stringify([result.passed, failureOf(result)]);
}

/** Asks the server whether the membership still holds, and says what changed (sharing off when the class forgot the learner). */
async function checkLink(session: ClassSession): Promise<void> {
  const { classStore } = session;
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
  // A rename by the teacher reaches this page with the next look at the link.
  if (link.state === 'live' && link.name !== undefined && link.name !== current.name)
    classStore.set({ membership: { ...current, name: link.name } });
  classStore.set({ link: link.state, nextClass: link.state === 'ended' ? link.next : null });
  if (link.state === 'live' && session.sendFailed) {
    session.sendFailed = false;
    classStore.set({ error: null });
    sendChangedResults(session);
  }
}

/** Sends the open lesson's results that changed since they were last sent (nothing unless sharing). */
export function sendChangedResults(session: ClassSession): void {
  const { classStore, lessonChecksStore, sent } = session;
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
          session.sendFailed = true;
          classStore.set({ error: errorText(error) });
          void checkLink(session);
        });
      });
    },
    (error: unknown) => classStore.set({ error: errorText(error) }),
  );
}

/** Stops sharing on this page whatever the server says: the learner's word is final here. */
export async function stopLocally({ classStore }: ClassSession, current: Membership): Promise<void> {
  classStore.set({ membership: { ...current, learnerId: null }, codeLesson: null });
  try {
    if (classStore.get().link !== 'ended' && classStore.get().link !== 'removed') await (await classCalls()).stopSharing(current);
  } catch (error) {
    classStore.set({ error: `Sharing is off on this page; the class server could not be told (${errorText(error)}).` });
  }
}

/** Sends each changed check result while sharing and keeps an eye on the class; returns the function that stops both. */
export function connectClassSharing(session: ClassSession): () => void {
  const unsubscribe = session.lessonChecksStore.subscribe(() => sendChangedResults(session));
  const timer = setInterval(() => void checkLink(session).catch(() => undefined), LINK_CHECK_MS);
  void checkLink(session).catch(() => undefined);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
