import { openSharedLink, type SharedLinkParts } from './open-shared-link.ts';
import type { ShareTarget } from './share-target.ts';

/**
 * Opens the share link the page was loaded with, and any pasted into the address bar later (which
 * changes only the fragment, so no reload happens). Call before the first render.
 */
export function startSharing(parts: SharedLinkParts, target: ShareTarget): void {
  openSharedLink(parts, location.hash, target);
  window.addEventListener('hashchange', () => openSharedLink(parts, location.hash, target));
}
