import type { KeptBundle } from '../../runtime/embed/snippet-protocol.ts';
import { hash53 } from '../../runtime/contract/text-hash.ts';
import { tabStorage } from '../state/tab-storage.ts';

/** The prefix of the page's sessionStorage keys this file uses. */
const PREFIX = 'halo-snippet-bundle:';
/** The most programs one page keeps: a few kilobytes each. */
const MAX_KEPT = 24;

/** What is stored under one key: the files (as JSON) the bundle was compiled from, and the bundle. */
interface Entry {
  files: string;
  bundle: KeptBundle;
}

/** The key listing the kept entries' keys, oldest first: evicting reads this, not every entry. */
const ORDER_KEY = 'halo-snippet-bundles';

const keyOf = (build: string, files: string) => `${PREFIX}${build}:${hash53(files)}`;

/**
 * The program the frame of `build` compiled from exactly `files` (as JSON) earlier in this tab, if the page kept
 * it (see KeptBundle): the page's sessionStorage, so it lasts as long as the tab and nothing leaves the page.
 */
export function keptBundle(build: string, files: string): KeptBundle | undefined {
  try {
    const raw = tabStorage()?.getItem(keyOf(build, files));
    const entry = raw ? (JSON.parse(raw) as Entry) : null;
    return entry?.files === files ? entry.bundle : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `bundle`, compiled by the frame of `build` from `files` (as JSON), dropping the oldest past MAX_KEPT. */
export function keepBundle(build: string, files: string, bundle: KeptBundle): void {
  const store = tabStorage();
  if (!store) return;
  try {
    const key = keyOf(build, files);
    store.setItem(key, JSON.stringify({ files, bundle } satisfies Entry));
    const listed: unknown = JSON.parse(store.getItem(ORDER_KEY) ?? '[]');
    const order = [...(Array.isArray(listed) ? listed.filter((k): k is string => typeof k === 'string' && k !== key) : []), key];
    for (const old of order.splice(0, Math.max(0, order.length - MAX_KEPT))) store.removeItem(old);
    store.setItem(ORDER_KEY, JSON.stringify(order));
  } catch {
    // A full or denied storage only costs a compile next time.
  }
}

/** Forgets what was kept for `files` (as JSON): it did not start. */
export function dropBundle(build: string, files: string): void {
  try {
    tabStorage()?.removeItem(keyOf(build, files));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
