/**
 * Makes this process's clock and randomness the same on every run, for a build step whose output must not depend on
 * when it ran: PGlite's initdb writes the time and random bytes into the seed's `pg_control` and WAL (its system
 * identifier, checkpoint time, mock authentication nonce) and its tar the files' times. Imported first by such a
 * step's own child process (pglite-seed-cli.ts), never by anything else: it replaces `Date` and the random sources.
 */
import nodeCrypto from 'node:crypto';

/**
 * The time the clock always reads. It stands still: a clock that moved on with each reading gave other bytes on Node 24
 * than on Node 20, which read it a different number of times.
 */
const FIXED_MS = Date.UTC(2026, 0, 1);
const now = (): number => FIXED_MS;

const RealDate = Date;
/** `Date`, except that `new Date()` and `Date.now()` read the fixed clock. */
class FixedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(now());
    else super(...args);
  }

  static override now = now;
}
globalThis.Date = FixedDate as DateConstructor;

/** A linear congruential generator from a fixed start: the same bytes on every run (nothing here is a secret). */
let state = 0x2545f491;
function fill<T extends ArrayBufferView | null>(array: T): T {
  if (!array) return array;
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return array;
}
globalThis.crypto.getRandomValues = fill;
(nodeCrypto as { randomFillSync: unknown }).randomFillSync = fill;
