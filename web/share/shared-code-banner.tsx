import { useStore } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { useWorkspace } from '../lessons/workspace-store.ts';
import { useSession } from '../engine/engine-context.tsx';
import { dropShareFragment } from './drop-share-fragment.ts';
import { useShare } from './share-store.ts';

/** Shown while a link's code waits for the learner's choice (to run it, keep it, or go back), or when a link was broken. */
export function SharedCodeBanner() {
  const { filesStore } = useFiles();
  const { keepShownCode, showSavedCode, workspaceStore } = useWorkspace();
  const { shareStore } = useShare();
  const session = useSession();
  const error = useStore(shareStore, (s) => s.error);
  const unchosen = useStore(workspaceStore, (s) => s.unchosen);
  // An explicit build: what the learner chose runs afresh at once, and older builds go stale.
  const choose = (choice: () => void) => () => {
    choice();
    dropShareFragment();
    void session.compileNow(filesStore.get().files);
  };
  if (error) {
    return (
      <div
        role="alert"
        className="flex shrink-0 flex-wrap items-center gap-3 border-b border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        <span>{error}</span>
        <button type="button" className="btn-ghost ml-auto" onClick={() => shareStore.set({ error: null })}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!unchosen) return null;
  return (
    <div
      role="region"
      aria-label="Shared code"
      className="flex shrink-0 flex-wrap items-center gap-3 border-b border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <span>
        {unchosen.held
          ? "This link brought someone else's code. Read it in the editor first: it runs only when you choose. Your own code stays saved; this code (and any change to it) is saved only if you run it."
          : "This link opened the lesson's own code in place of yours. Your own code stays saved; this code (and any change to it) is saved only if you keep it."}
      </span>
      <button type="button" className="btn" onClick={choose(keepShownCode)}>
        {unchosen.held ? 'Run shared code' : 'Keep this code'}
      </button>
      <button type="button" className="btn-ghost" onClick={choose(showSavedCode)}>
        Back to my code
      </button>
    </div>
  );
}
