import { gzipSync, constants } from 'node:zlib';
import { GZIP_SUFFIX } from '../assets/compressed-assets.ts';
import { MSW_WORKER_FILE, SERVICE_WORKER_FILE } from '../contract/service-worker-file.ts';

/** Files below this size are left alone: a request's overhead outweighs what gzip would save. */
const MIN_BYTES = 64 * 1024;
/** A file is compressed only when its `.gz` is at most this fraction of it (fonts, archives are not). */
const MAX_RATIO = 0.8;
/** The scripts the browser fetches itself to install the service worker: they must stay plain (pages too, below). */
const PLAIN = new Set([SERVICE_WORKER_FILE, MSW_WORKER_FILE]);

/**
 * The `.gz` siblings (path → bytes) of a build's large files (`files`: path → content), at gzip's best
 * level: written once at build time, inflated in the browser (see runtime/assets/compressed-assets.ts).
 */
export function compressedSiblings(files: Record<string, string | Uint8Array>): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    if (PLAIN.has(path) || path.endsWith(GZIP_SUFFIX) || path.endsWith('.map') || path.endsWith('.html')) continue;
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    if (bytes.byteLength < MIN_BYTES) continue;
    const gzipped = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    if (gzipped.byteLength <= bytes.byteLength * MAX_RATIO) out[`${path}${GZIP_SUFFIX}`] = new Uint8Array(gzipped);
  }
  return out;
}
