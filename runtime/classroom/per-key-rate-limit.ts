/** At most `messages` per `windowMs` for each key (a learner), whatever connection or request they come by. */
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
}
