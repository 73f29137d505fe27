/** Queries longer than this are not kept: the cache holds at most `limit` × this many characters. */
const MAX_CACHED_QUERY_LENGTH = 4096;

/**
 * What parsing and validating a query gave, by query text, for the most recently used `limit`
 * queries: clients send the same few queries again and again, and validation is most of the cost
 * of a small query.
 */
export class DocumentCache<T> {
  private readonly entries = new Map<string, T>();

  /** Keeps at most `limit` results. */
  constructor(private readonly limit = 256) {}

  /** The result for `query`, made by `make` when it is not kept. */
  get(query: string, make: () => T): T {
    const kept = this.entries.get(query);
    if (kept !== undefined) {
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(query);
      this.entries.set(query, kept);
      return kept;
    }
    const made = make();
    if (query.length > MAX_CACHED_QUERY_LENGTH) return made;
    this.entries.set(query, made);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
    return made;
  }
}
