import type { Store } from '../state/store.ts';
import { ENTRY_FILE, type Files, type FilesPart } from '../state/files-store.ts';

/**
 * Code the editor shows that the learner has not chosen (a share link's): neither it nor edits to it are saved, so
 * the saved code stays as it was and the next visit opens it. `held` code must not run either (see
 * web/share/gated-engine.ts). `returnTo`: the workspace the learner came from, when the link opened another (an
 * exercise): going back returns there.
 */
export interface Unchosen {
  held: boolean;
  returnTo?: string;
}

/** What showing unchosen code changes in the workspace state: the workspace open, and whether its code is chosen. */
interface ShownWorkspace {
  active: string;
  unchosen: Unchosen | null;
}

/** Creates the showing of code the learner has not chosen, and their choice: keep it, or go back to their own. */
export function createUnchosenCode(
  workspaceStore: Store<ShownWorkspace>,
  { filesStore }: FilesPart,
  /** The code of workspace `id`: the learner's, or its starter. */
  filesOf: (id: string) => Files,
  /** Saves the editor's code as the active workspace's. */
  saveShownCode: () => void,
) {
  /**
   * Shows `files` without saving them or edits to them, until {@link keepShownCode}; `held` code must not run.
   * With `workspace`, in that workspace (an exercise), which "Back to my code" leaves for the one open now.
   */
  function showUnchosen(files: Files, held: boolean, workspace?: string): void {
    const { active } = workspaceStore.get();
    const elsewhere = workspace !== undefined && workspace !== active;
    // Set before the files change, so nothing subscribed to the files saves or runs them first.
    workspaceStore.set(elsewhere ? { active: workspace, unchosen: { held, returnTo: active } } : { unchosen: { held } });
    filesStore.set(elsewhere ? { files, active: ENTRY_FILE } : { files });
  }

  /** The learner chose the code shown: it becomes the workspace's saved code. */
  function keepShownCode(): void {
    workspaceStore.set({ unchosen: null });
    saveShownCode();
  }

  /** Shows the active workspace's saved code again, leaving unchosen code behind. */
  function showSavedCode(): void {
    const back = workspaceStore.get().unchosen?.returnTo;
    if (back !== undefined) {
      filesStore.set({ files: filesOf(back), active: ENTRY_FILE });
      workspaceStore.set({ active: back, unchosen: null });
      return;
    }
    // The files first: the moment nothing is held, the editor already holds the learner's own code.
    filesStore.set({ files: filesOf(workspaceStore.get().active) });
    workspaceStore.set({ unchosen: null });
  }

  return { showUnchosen, keepShownCode, showSavedCode };
}
