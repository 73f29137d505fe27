import { filesStore } from '../state/files-store.ts';
import { requestStore } from '../request/request-store.ts';
import { decodeShare, shareValueFromHash } from './share-codec.ts';
import { fromSharedRequest } from './shared-request.ts';
import { isKnownProgram } from './known-programs.ts';
import { shareStore } from './share-store.ts';
import type { ShareTarget } from './share-target.ts';

/**
 * Restores the lesson, code and request of a share link in `hash`. Unknown code is held: shown in the
 * editor but neither compiled nor run until the learner clicks "Run shared code". Returns whether the
 * hash held a link that opened.
 */
export function openSharedLink(hash: string, target: ShareTarget): boolean {
  const value = shareValueFromHash(hash);
  if (value === null) return false;
  let program;
  try {
    program = decodeShare(value);
  } catch (error) {
    shareStore.set({ error: `This share link could not be opened: ${error instanceof Error ? error.message : String(error)}` });
    return false;
  }
  target.openLesson(program.lesson);
  const known = isKnownProgram(program.files, target.knownPrograms(program.lesson));
  // Held before the files change, so nothing subscribed to the files compiles them first.
  shareStore.set({ held: !known, previous: known ? null : filesStore.get().files, error: null });
  filesStore.set({ files: program.files });
  requestStore.set({ spec: fromSharedRequest(program.request) });
  return true;
}

/** Puts the learner's own code back (they chose not to run the shared code). */
export function backToOwnCode(): void {
  const { previous } = shareStore.get();
  // The held flag goes first: the restored code is the learner's own and may compile right away.
  shareStore.set({ held: false, previous: null });
  if (previous) filesStore.set({ files: previous });
}
