import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { fromBase64Url, toBase64Url } from './base64url.ts';
import { ShareLinkError } from './share-link-error.ts';
import { PROGRAM_SHARE_VERSION, SHARE_KEY, SHARE_VERSION, type SharedProgram } from './share-format.ts';
import { readSharedProgram, SHARE_SCHEMAS } from './share-schemas.ts';

/** Inflated links larger than this are refused: a crafted link must not exhaust the tab's memory. */
const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/** Encodes a program as `<version>.<base64url(deflate(JSON))>`, the value of the fragment's `share` key. */
export function encodeShare(program: SharedProgram): string {
  const json = JSON.stringify(program);
  const version = program.exercise ? SHARE_VERSION : PROGRAM_SHARE_VERSION;
  return `${version}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/**
 * Decodes a value written by {@link encodeShare} of this or any older version. Link data is untrusted:
 * every field is checked, and anything malformed throws a {@link ShareLinkError} that says in plain
 * words what is wrong (the decoder's own message stays in its `cause`).
 */
export function decodeShare(value: string): SharedProgram {
  const match = /^(\d+)\.(.*)$/s.exec(value);
  if (!match) throw new ShareLinkError('damaged');
  const version = Number(match[1]);
  // Only a version past the newest this build writes is "newer"; 0 and other unknown ones are damage.
  if (version > SHARE_VERSION) throw new ShareLinkError('newer');
  if (!Object.hasOwn(SHARE_SCHEMAS, version)) throw new ShareLinkError('damaged');
  try {
    return readSharedProgram(JSON.parse(inflate(fromBase64Url(match[2]))), version as keyof typeof SHARE_SCHEMAS);
  } catch (error) {
    throw error instanceof ShareLinkError ? error : new ShareLinkError('damaged', { cause: error });
  }
}

/** Inflates in slices and stops past the limit, so a small crafted link cannot expand to gigabytes. */
function inflate(bytes: Uint8Array): string {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > MAX_DECODED_BYTES) throw new ShareLinkError('too-large');
    chunks.push(chunk);
  });
  const SLICE = 16 * 1024;
  for (let at = 0; at < bytes.length; at += SLICE) inflater.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return strFromU8(out);
}

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
