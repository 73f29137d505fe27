import type { WorkspacePart } from '../lessons/workspace-store.ts';
import type { RequestPart } from '../exchange/request/request-store.ts';
import { decodeShare, shareValueFromHash } from './link/share-codec.ts';
import { ShareLinkError } from './link/share-link-error.ts';
import { fromSharedRequest } from './link/shared-request.ts';
import { isKnownProgram } from './link/known-programs.ts';
import type { SharePart } from './share-store.ts';
import type { ShareTarget } from './share-target.ts';
import type { SharedProgram } from './link/share-format.ts';

/** The parts of the playground state a share link sets. */
export interface SharedLinkParts {
  workspace: WorkspacePart;
  request: RequestPart;
  share: SharePart;
}

/**
 * Restores the lesson, code and request of a share link in `hash`. The link's code is the learner's
 * only once they choose it: until then it is shown but not saved, so their own saved code stays and
 * the next visit opens it. Code the playground does not ship is also held (compiled, never run) until
 * "Run shared code". The learner's own saved code, or shipped code where they saved none, replaces
 * nothing and is simply opened. Returns whether
 * the hash held a link that opened.
 */
export function openSharedLink({ workspace, request, share }: SharedLinkParts, hash: string, target: ShareTarget): boolean {
  const { shareStore } = share;
  const value = shareValueFromHash(hash);
  if (value === null) return false;
  let program;
  try {
    program = decodeShare(value);
  } catch (error) {
    // Never the decoder's own words ("invalid distance", atob's): the learner needs to know what to do.
    shareStore.set({ error: (error instanceof ShareLinkError ? error : new ShareLinkError('damaged', { cause: error })).message });
    return false;
  }
  shareStore.set({ error: null });
  openSharedProgram({ workspace, request }, program, target);
  return true;
}

/**
 * Opens a shared program (from a link or an exercise file) as {@link openSharedLink} describes. An
 * exercise opens in its own workspace: held behind the same click as any stranger's code, unless the
 * learner already works on it, when their own code and progress open.
 */
export function openSharedProgram(
  { workspace, request }: Pick<SharedLinkParts, 'workspace' | 'request'>,
  program: SharedProgram,
  target: ShareTarget,
): void {
  const { chooseCode, showSavedCode, showUnchosen, openWorkspace, workspaceStore } = workspace;
  if (program.exercise) {
    const { id, chosen } = target.openExercise({ ...program.exercise, starter: program.files });
    if (chosen) openWorkspace(id);
    else showUnchosen(program.files, true, id);
    request.requestStore.set({ spec: fromSharedRequest(program.request) });
    return;
  }
  target.openLesson(program.lesson);
  const known = isKnownProgram(program.files, target.knownPrograms(program.lesson));
  const { active, saved } = workspaceStore.get();
  const own = saved[active];
  // The learner's own saved code (their link to it) is theirs already; shipped code over none replaces nothing.
  if (own && isKnownProgram(program.files, [own])) showSavedCode();
  else if (known && !own) chooseCode(program.files);
  else showUnchosen(program.files, !known);
  request.requestStore.set({ spec: fromSharedRequest(program.request) });
}
