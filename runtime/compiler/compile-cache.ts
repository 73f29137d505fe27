import type { CompileResult } from '../contract/engine-api.ts';

type Compiled = Extract<CompileResult, { ok: true }>;

/** How many bundles the cache keeps; the oldest go first. */
const MAX_ENTRIES = 40;

/**
 * Successful compiles kept in the Cache API, keyed by a hash of the sources and the compiler's own
 * version, so reopening the playground with the same code runs it without waiting for esbuild. Where the
 * Cache API is missing (insecure origins) or fails, it simply misses.
 */
export class CompileCache {
  /** Results still being written: a compile of the same sources right after must find them. */
  private readonly writing = new Map<string, Compiled>();

  /** Uses the cache `name` of this origin. */
  constructor(private readonly name: string) {}

  /** The cached result for `key`, or null. */
  async get(key: string): Promise<Compiled | null> {
    const written = this.writing.get(key);
    if (written) return written;
    try {
      const response = await (await this.open())?.match(this.url(key));
      return response ? ((await response.json()) as Compiled) : null;
    } catch {
      return null;
    }
  }

  /** Stores `result` under `key`, dropping the oldest entries past the limit. */
  async put(key: string, result: Compiled): Promise<void> {
    this.writing.set(key, result);
    try {
      const cache = await this.open();
      if (!cache) return;
      await cache.put(this.url(key), new Response(JSON.stringify(result), { headers: { 'content-type': 'application/json' } }));
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(old);
    } catch {
      // A full or unavailable cache only costs a recompile next time.
    } finally {
      if (this.writing.get(key) === result) this.writing.delete(key);
    }
  }

  private open(): Promise<Cache> | undefined {
    return typeof caches === 'undefined' ? undefined : caches.open(this.name);
  }

  private url(key: string): string {
    return new URL(`/__halo-compile-cache/${key}`, location.origin).href;
  }
}
