import type { Store } from '../state/store.ts';
import { writeStored, type KeyValueStorage } from '../state/stored.ts';
import { sameFiles, type Files, type FilesPart } from '../state/files-store.ts';
import type { Unchosen } from './unchosen-code.ts';

/** What saving reads and writes of the workspace state: the workspace open, its code saved, whether the code shown is chosen. */
interface SavedWorkspaces {
  active: string;
  saved: Record<string, Files>;
  unchosen: Unchosen | null;
}

/**
 * Keeps the learner's code saved: the editor's code as the active workspace's while the learner chose it, and the
 * active workspace and every workspace's code in `storage`. Returns what saves the editor's code now.
 */
export function keepWorkspacesSaved(
  storage: KeyValueStorage | undefined,
  workspaceStore: Store<SavedWorkspaces>,
  { filesStore }: FilesPart,
  /** The code workspace `id` starts from. */
  starterOf: (id: string) => Files,
): () => void {
  /** Saves the editor's code as the active workspace's (unedited code is not stored, see below). */
  function saveShownCode(): void {
    const { active, saved } = workspaceStore.get();
    const files = filesStore.get().files;
    if (saved[active] === files) return;
    const others = { ...saved };
    delete others[active];
    // Unedited code is not stored, so a new deployment's improved starter reaches learners who never touched it.
    workspaceStore.set({ saved: sameFiles(files, starterOf(active)) ? others : { ...others, [active]: files } });
  }

  filesStore.subscribe(() => {
    if (workspaceStore.get().unchosen === null) saveShownCode();
  });

  workspaceStore.subscribe(() => {
    const { active, saved } = workspaceStore.get();
    writeStored(storage, 'halo.active.v1', active);
    writeStored(storage, 'halo.workspaces.v1', saved);
  });

  return saveShownCode;
}
