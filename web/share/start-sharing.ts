import { openSharedLink } from './open-shared-link.ts';
import { shareStore } from './share-store.ts';
import type { ShareTarget } from './share-target.ts';

/**
 * Opens the share link the page was loaded with, and any pasted into the address bar later (which
 * changes only the fragment, so no reload happens); `run` compiles and runs the code once the learner
 * lets held code run. Call before the first render.
 */
export function startSharing(target: ShareTarget, run: () => void): void {
  openSharedLink(location.hash, target);
  window.addEventListener('hashchange', () => openSharedLink(location.hash, target));
  let held = shareStore.get().held;
  shareStore.subscribe(() => {
    const released = held && !shareStore.get().held;
    held = shareStore.get().held;
    if (released) run();
  });
}
