/** How many messages a connection may send in a window, before they are refused (and, at twice as many, the connection closed). */
export interface RateLimit {
  /** Messages allowed per window. */
  messages: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

/** What the limiter says about one more message. */
export type RateVerdict = 'ok' | 'refuse' | 'close';

/**
 * A fixed-window counter per connection: cheap, and a flood is cut off within one window.
 * Over the limit a message is refused; at twice the limit the client is not listening, so it is closed.
 */
export class RateLimiter {
  private windowStart = 0;
  private count = 0;

  /** Limits by `limit`; `now` is the clock (injectable for tests that must not sleep). */
  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one message and judges it. */
  take(): RateVerdict {
    const now = this.now();
    if (now - this.windowStart >= this.limit.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count++;
    if (this.count <= this.limit.messages) return 'ok';
    return this.count > 2 * this.limit.messages ? 'close' : 'refuse';
  }
}

/** The size of `text` in UTF-8 bytes, counted without allocating an encoded copy. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
