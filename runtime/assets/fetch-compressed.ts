/// <reference types="vite/client" />
import { cachedFetch } from './cached-fetch.ts';
import { GZIP_SUFFIX, inflated } from './compressed-assets.ts';

/** The stored copy of `url` (see fetchStored), and whether it is the `.gz` sibling. */
async function storedCopy(url: string): Promise<{ response: Response; sibling: boolean }> {
  if (import.meta.env.DEV) return { response: await cachedFetch(url), sibling: false };
  const compressed = await cachedFetch(`${url}${GZIP_SUFFIX}`);
  return compressed.status === 404 ? { response: await cachedFetch(url), sibling: false } : { response: compressed, sibling: true };
}

/**
 * A large file of the build (`url`, one the build compresses) as stored: its `.gz` sibling from the offline cache when
 * it is there, still compressed (unless the host inflated it, labelling `.gz` files `Content-Encoding: gzip`), for a
 * caller that inflates it elsewhere. The dev server has no `.gz` files; a build without the sibling (404) gets the file.
 */
export async function fetchStored(url: string): Promise<Response> {
  return (await storedCopy(url)).response;
}

/** A large file of the build (`url`) through its `.gz` sibling (see fetchStored), inflated. */
export async function fetchCompressed(url: string): Promise<Response> {
  const { response, sibling } = await storedCopy(url);
  return sibling ? inflated(response, url) : response;
}
