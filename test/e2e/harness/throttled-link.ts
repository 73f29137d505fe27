import { Transform } from 'node:stream';

/** A slow network link between the host and the browser: its bandwidth and round-trip time. */
export interface Link {
  bitsPerSecond: number;
  rttMs: number;
}

/**
 * The host's side of a throttled link shared by every response (one last mile, as a learner at home
 * has): each response waits one round trip before its first byte, and all bytes together leave at the
 * link's rate. Done on the host, not with DevTools' emulation, which throttles the page's own requests
 * but not those its service worker and workers make.
 */
export function throttledLink(link: Link): { delay(): Promise<void>; pace(): Transform } {
  let free = 0;
  return {
    delay: () => new Promise((resolve) => setTimeout(resolve, link.rttMs)),
    pace: () =>
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          free = Math.max(free, performance.now()) + (chunk.byteLength * 8 * 1000) / link.bitsPerSecond;
          setTimeout(() => done(null, chunk), free - performance.now());
        },
      }),
  };
}
