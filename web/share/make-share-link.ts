import type { FilesPart } from '../state/files-store.ts';
import type { RequestPart } from '../exchange/request/request-store.ts';
import { shareUrl } from './link/share-fragment.ts';
import { SHARE_WARN_LENGTH } from './link/share-format.ts';
import { toSharedRequest } from './link/shared-request.ts';
import type { SharePart } from './share-store.ts';
import type { ShareTarget } from './share-target.ts';

/** The warning shown for a link of `length` characters, or null when it is short enough. */
export function shareLengthWarning(length: number): string | null {
  if (length <= SHARE_WARN_LENGTH) return null;
  return `This link is ${length.toLocaleString('en')} characters long: some chat apps, mail clients and servers cut links over ${SHARE_WARN_LENGTH.toLocaleString('en')}. Consider sharing a smaller program.`;
}

/**
 * Encodes the open lesson, the code and the request into the address bar's fragment and copies the
 * link; the outcome (and a length warning) lands in the share store for the toolbar to show.
 */
export async function makeShareLink(
  { filesStore }: FilesPart,
  { requestStore }: RequestPart,
  { shareStore }: SharePart,
  target: ShareTarget,
): Promise<string> {
  const { encodeShare } = await import('./link/share-encode.ts');
  const value = encodeShare({
    lesson: target.lesson(),
    files: filesStore.get().files,
    request: await toSharedRequest(requestStore.get().spec),
  });
  const url = shareUrl(location.href, value);
  // replaceState: sharing must not add a history entry or trigger a hashchange that re-opens the link.
  history.replaceState(history.state, '', url);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // No clipboard permission (or an insecure context): the link is shown selected for a manual copy.
  }
  shareStore.set({ made: { url, copied, warning: shareLengthWarning(url.length) } });
  return url;
}
