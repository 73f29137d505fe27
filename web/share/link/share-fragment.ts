import { SHARE_KEY } from './share-format.ts';

// Apart from the decoder (share-codec.ts), which loads only for an address that carries a link.

/** The share value in a URL fragment such as `#share=1.abc` (other `&`-separated flags may follow). */
export function shareValueFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SHARE_KEY);
}

/** `url` with its fragment replaced by the share value, keeping path and query (e.g. `?embed`). */
export function shareUrl(url: string, value: string): string {
  const target = new URL(url);
  target.hash = `${SHARE_KEY}=${value}`;
  return target.href;
}
