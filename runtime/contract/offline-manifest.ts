/** What the build tells the service worker about the site: its version and the files to keep offline. */
export interface OfflineManifest {
  /** Hash of every file's content: a new deployment gets a new version, hence new caches. */
  version: string;
  /** Paths relative to the site root, fetched once after the first visit. */
  precache: string[];
  /** Paths cached the first time they are used (large and rarely needed, e.g. PGlite). */
  onDemand: string[];
  /** Paths stored and sent as their `.gz` sibling (listed above instead of them) and inflated in the browser. */
  compressed: string[];
  /** SHA-256 (hex) of every file above, by path: a cached copy that does not match is never served. */
  hashes: Record<string, string>;
}

/** Prefix of the offline caches' names; other caches of the origin (the compile cache) are never touched. */
export const OFFLINE_CACHE_PREFIX = 'halo-offline-';

/** Messages between the page and the service worker's offline part. */
export const OFFLINE_MESSAGES = {
  /** Page → worker: fetch every precache file now (after the playground is up, not during its start). */
  precache: 'HALO_OFFLINE_PRECACHE',
  /** Worker → page: every precache file is stored; carries the version. */
  ready: 'HALO_OFFLINE_READY',
  /**
   * Page → a new version's waiting worker: take over now. Chromium's own attempt can stall for its 5-minute
   * limit when a message restarts the old worker while it is being stopped for the swap.
   */
  takeOver: 'HALO_OFFLINE_TAKE_OVER',
} as const;
