/** At most `messages` per `windowMs` for each key (a learner, a client address), whatever connection or request they come by. */
export class PerKeyRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** A limit of `messages` per `windowMs` for every key. */
  constructor(
    private readonly messages: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call of `key`; false when it is over the limit. */
  take(key: string, now = Date.now()): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      // Windows of keys that went quiet go with the next new window: the map stays as small as the active keys.
      if (!window) for (const [other, old] of this.windows) if (now - old.start >= this.windowMs) this.windows.delete(other);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.messages;
  }

  /** Whether `key` has used up its window (without counting a call). */
  exhausted(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key);
    return window !== undefined && now - window.start < this.windowMs && window.count >= this.messages;
  }

  /** Whole seconds until `key`'s window ends (at least 1): what a `retry-after` header says. */
  waitSeconds(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return Math.max(1, Math.ceil(((window?.start ?? now) + this.windowMs - now) / 1000));
  }
}
