/// <reference types="vite/client" />
import { cachedFetch } from './cached-fetch.ts';
import { GZIP_SUFFIX, inflated } from './compressed-assets.ts';

/**
 * Fetches a large file of the build (`url`, one the build compresses) through its `.gz` sibling, from
 * the offline cache when it is there, and inflates it. The dev server has no `.gz` files; a build
 * without the sibling (404) gets the file itself.
 */
export async function fetchCompressed(url: string): Promise<Response> {
  if (import.meta.env.DEV) return cachedFetch(url);
  const compressed = await cachedFetch(`${url}${GZIP_SUFFIX}`);
  return compressed.status === 404 ? cachedFetch(url) : inflated(compressed, url);
}
