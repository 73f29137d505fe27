import type { KeptBundle } from '../../runtime/embed/snippet-protocol.ts';

/** The prefix of the page's sessionStorage keys this file uses. */
const PREFIX = 'halo-snippet-bundle:';
/** The most programs one page keeps: a few kilobytes each. */
const MAX_KEPT = 24;

/** What is stored under one key: the files (as JSON) the bundle was compiled from, the bundle, and when. */
interface Entry {
  files: string;
  bundle: KeptBundle;
  at: number;
}

/** A short hash of `text` (FNV-1a): the key's part; the entry's files are compared in full on reading. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const keyOf = (build: string, files: string) => `${PREFIX}${build}:${shortHash(files)}`;

/** The page's sessionStorage, or null where it is denied (a sandboxed page, or storage switched off). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The program the frame of `build` compiled from exactly `files` (as JSON) earlier in this tab, if the page kept
 * it (see KeptBundle): the page's sessionStorage, so it lasts as long as the tab and nothing leaves the page.
 */
export function keptBundle(build: string, files: string): KeptBundle | undefined {
  try {
    const raw = storage()?.getItem(keyOf(build, files));
    const entry = raw ? (JSON.parse(raw) as Entry) : null;
    return entry?.files === files ? entry.bundle : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `bundle`, compiled by the frame of `build` from `files` (as JSON), dropping the oldest past MAX_KEPT. */
export function keepBundle(build: string, files: string, bundle: KeptBundle): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(keyOf(build, files), JSON.stringify({ files, bundle, at: Date.now() } satisfies Entry));
    const kept: { key: string; at: number }[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) kept.push({ key, at: (JSON.parse(store.getItem(key) ?? '{}') as Partial<Entry>).at ?? 0 });
    }
    kept.sort((a, b) => a.at - b.at);
    for (const { key } of kept.slice(0, Math.max(0, kept.length - MAX_KEPT))) store.removeItem(key);
  } catch {
    // A full or denied storage only costs a compile next time.
  }
}

/** Forgets what was kept for `files` (as JSON): it did not start. */
export function dropBundle(build: string, files: string): void {
  try {
    storage()?.removeItem(keyOf(build, files));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
