import { deflateSync, strToU8 } from 'fflate';
import { toBase64Url } from './base64url.ts';
import { PROGRAM_SHARE_VERSION, SHARE_VERSION, type SharedProgram } from './share-format.ts';

// Apart from the decoder (share-codec.ts): a first visit may open a link, but only sharing writes one, so
// the compressor loads when a link is made.

/** Encodes a program as `<version>.<base64url(deflate(JSON))>`, the value of the fragment's `share` key. */
export function encodeShare(program: SharedProgram): string {
  const json = JSON.stringify(program);
  const version = program.exercise ? SHARE_VERSION : PROGRAM_SHARE_VERSION;
  return `${version}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}
