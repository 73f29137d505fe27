/// <reference types="vite/client" />
import { cachedFetch } from './cached-fetch.ts';
import { GZIP_SUFFIX, inflated } from './compressed-assets.ts';

/**
 * A large file of the build (`url`, one the build compresses) as stored: its `.gz` sibling from the offline cache when
 * it is there, still compressed (unless the host inflated it, labelling `.gz` files `Content-Encoding: gzip`), for a
 * caller that inflates it elsewhere. The dev server has no `.gz` files; a build without the sibling (404) gets the file.
 */
export async function fetchStored(url: string): Promise<Response> {
  if (import.meta.env.DEV) return cachedFetch(url);
  const compressed = await cachedFetch(`${url}${GZIP_SUFFIX}`);
  return compressed.status === 404 ? cachedFetch(url) : compressed;
}

/** A large file of the build (`url`) through its `.gz` sibling (see fetchStored), inflated. */
export async function fetchCompressed(url: string): Promise<Response> {
  return inflated(await fetchStored(url), url);
}
