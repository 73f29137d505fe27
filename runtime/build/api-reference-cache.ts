import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { ApiEntry } from '../contract/api-entry.ts';
import { buildApiReference } from './build-api-reference.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE_FILE = resolve(root, 'web/generated/halo-api.json');
/** The sources the `halo` module is made of; a change to any of them rebuilds the reference. */
const SOURCE_DIRS = ['runtime/framework', 'runtime/browser'].map((dir) => resolve(root, dir));

function sourcesKey(): string {
  const hash = createHash('sha256').update(ts.version);
  for (const dir of SOURCE_DIRS) {
    for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort()) {
      hash.update(file).update(readFileSync(join(dir, file)));
    }
  }
  return hash.digest('hex');
}

let memo: { key: string; entries: ApiEntry[] } | null = null;

/**
 * The API reference of the `halo` module. Reading the sources with the compiler takes seconds, so the
 * result is kept in `web/generated/halo-api.json` under a hash of the sources and rebuilt when they change.
 */
export function apiReference(): ApiEntry[] {
  const key = sourcesKey();
  if (memo?.key === key) return memo.entries;
  try {
    const cached = JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as { key: string; entries: ApiEntry[] };
    if (cached.key === key) return (memo = cached).entries;
  } catch {
    // No cache yet, or a damaged one: build it.
  }
  memo = { key, entries: buildApiReference() };
  mkdirSync(dirname(CACHE_FILE), { recursive: true });
  writeFileSync(CACHE_FILE, JSON.stringify(memo));
  return memo.entries;
}
