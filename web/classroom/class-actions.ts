/** What a learner does with their class from the class panel: join and leave it, and share with it. */
import type { Membership } from './class-api.ts';
import { attempt, classCalls, type ClassSession } from './class-session.ts';
import { sendChangedResults, stopLocally } from './class-sharing.ts';

/** A secret of this browser for this class: 32 random bytes, base64url. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Turns sharing on for `membership`, and sends the results the open lesson has now. */
async function startSharing(session: ClassSession, membership: Membership): Promise<void> {
  const learner = await (await classCalls()).startSharing(membership);
  session.sent.clear();
  // The name as the class stores it (normalised): what the teacher sees.
  session.classStore.set({ membership: { ...membership, learnerId: learner.id, name: learner.name } });
  sendChangedResults(session);
}

/** Joining and leaving the class, and the class panel that does it. */
export function membershipActions(session: ClassSession) {
  const { classStore } = session;
  return {
    /** Opens or closes the class panel. */
    toggleClassPanel: () => classStore.set((s) => ({ open: !s.open })),
    /** Joins with a code and a display name: only the code is checked; nothing is shared yet. */
    joinClass: (code: string, name: string) =>
      attempt(session, async () => {
        const info = await (await classCalls()).checkClassCode(code.trim());
        classStore.set({ membership: { code: info.code, title: info.title, name: name.trim(), secret: newSecret(), learnerId: null } });
      }),
    /** Leaves the class on this browser (stopping sharing first, if on): always, whatever the server says. */
    leaveClass: () =>
      attempt(session, async () => {
        const current = classStore.get().membership;
        if (current?.learnerId) await stopLocally(session, current);
        classStore.set({ membership: null, codeLesson: null, link: 'live', nextClass: null });
      }),
    /** Joins the class that replaced an ended one, under the same name, sharing again if sharing was on: one click. */
    joinNewClass: () =>
      attempt(session, async () => {
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
        if (current.learnerId !== null) await startSharing(session, joined);
      }),
  };
}

/** Sharing with the class: results on and off, and the open lesson's code shown to the teacher or hidden. */
export function sharingActions(session: ClassSession) {
  const { classStore, lessonChecksStore, filesStore } = session;
  return {
    /** Turns sharing on, and sends the results the open lesson has now. */
    shareResults: () =>
      attempt(session, async () => {
        const current = classStore.get().membership;
        if (!current || current.learnerId) return;
        await startSharing(session, current);
      }),
    /** Turns sharing off (on this page at once, even when the server refuses or is gone): the dashboard drops the learner. */
    stopSharing: () =>
      attempt(session, async () => {
        const current = classStore.get().membership;
        if (current?.learnerId) await stopLocally(session, current);
      }),
    /** Shows the teacher the open lesson's or exercise's code (its files as they are now). */
    showMyCode: () =>
      attempt(session, async () => {
        const current = classStore.get().membership;
        const { lessonId } = lessonChecksStore.get();
        if (!current?.learnerId || !lessonId) return;
        await (await classCalls()).showCode(current, lessonId, filesStore.get().files);
        classStore.set({ codeLesson: lessonId });
      }),
    /** Stops showing the code. */
    hideMyCode: () =>
      attempt(session, async () => {
        const current = classStore.get().membership;
        if (!current?.learnerId) return;
        await (await classCalls()).hideCode(current);
        classStore.set({ codeLesson: null });
      }),
  };
}
