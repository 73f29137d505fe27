import { readFileSync } from 'node:fs';
import { apiReference } from '../../build/api-reference-cache.ts';
import type { ApiEntry } from '../../contract/api-entry.ts';
import { haloFile, PACKAGED } from './halo-home.ts';

/** The file the `halo` package carries its API reference in (written by its build: the package has no sources to read). */
export const PACKAGED_API_REFERENCE = 'api-reference.json';

/** The API reference of the `halo` module a lesson's `api:` list names: read from the sources here, from the package's copy when installed. */
export function haloApiEntries(): ApiEntry[] {
  if (!PACKAGED) return apiReference();
  return JSON.parse(readFileSync(haloFile('', PACKAGED_API_REFERENCE), 'utf8')) as ApiEntry[];
}
