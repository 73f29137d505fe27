import type { SharedLinkParts } from './open-shared-link.ts';
import type { ShareTarget } from './share-target.ts';
import { shareValueFromHash } from './link/share-fragment.ts';

/** Opens the link in `hash`, if it carries one: the decoder (and its inflater) loads only then. */
async function openLinkOf(hash: string, parts: SharedLinkParts, target: ShareTarget): Promise<void> {
  if (shareValueFromHash(hash) === null) return;
  try {
    const { openSharedLink } = await import('./open-shared-link.ts');
    openSharedLink(parts, hash, target);
  } catch (error) {
    parts.share.shareStore.set({ error: `This link cannot be opened: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/**
 * Opens the share link the page was loaded with, and any pasted into the address bar later (which
 * changes only the fragment, so no reload happens). Await it before the first render: a link's code
 * must be held before anything shows or runs it.
 */
export async function startSharing(parts: SharedLinkParts, target: ShareTarget): Promise<void> {
  window.addEventListener('hashchange', () => void openLinkOf(location.hash, parts, target));
  await openLinkOf(location.hash, parts, target);
}
