import { readFileSync } from 'node:fs';
import { apiReference } from '../../build/api-reference-cache.ts';
import type { ApiEntry } from '../../contract/api-entry.ts';
import { HALO_PACKAGE_LAYOUT } from '../../contract/halo-package-layout.ts';
import { haloFile, PACKAGED } from './halo-home.ts';

/** The API reference of the `halo` module a lesson's `api:` list names: read from the sources here, from the package's copy when installed. */
export function haloApiEntries(): ApiEntry[] {
  if (!PACKAGED) return apiReference();
  return JSON.parse(readFileSync(haloFile('', HALO_PACKAGE_LAYOUT.apiReference), 'utf8')) as ApiEntry[];
}
