import { useStore } from '../state/store.ts';
import { backToOwnCode } from './open-shared-link.ts';
import { releaseSharedCode, shareStore } from './share-store.ts';

/** Shown while a shared program waits for the learner's consent to run, or when a link was broken. */
export function SharedCodeBanner() {
  const { held, previous, error } = useStore(shareStore, (s) => s);
  if (!held && !error) return null;
  return (
    <div
      role={error ? 'alert' : 'region'}
      aria-label={error ? undefined : 'Shared code'}
      className="flex shrink-0 flex-wrap items-center gap-3 border-b border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      {error ? (
        <>
          <span>{error}</span>
          <button type="button" className="btn-ghost ml-auto" onClick={() => shareStore.set({ error: null })}>
            Dismiss
          </button>
        </>
      ) : (
        <>
          <span>
            This link brought someone else's code. Read it in the editor first: it runs only when you choose.
          </span>
          <button type="button" className="btn" onClick={releaseSharedCode}>
            Run shared code
          </button>
          {previous && (
            <button type="button" className="btn-ghost" onClick={backToOwnCode}>
              Back to my code
            </button>
          )}
        </>
      )}
    </div>
  );
}
