/** The class's open WebSockets, counted per learner and per client address, so no one holds more than their share. */
import { HttpException, type SocketConnection } from 'halo';
import type { ClassLimits } from './class-guard.ts';
import type { Identity } from './class-identity.ts';

/** One count a socket takes: its key, its cap and what a refusal past the cap says (the close reason, ≤ 123 bytes). */
interface Cap {
  key: string;
  max: number;
  refusal: string;
}

/**
 * Counts each admitted socket against its learner (at most `socketsPerLearner`) and, unless its address is trusted,
 * against its address (at most `socketsPerAddress`); one past a cap is a 429 whose message the close carries. The
 * teacher is never counted.
 */
export class SocketCaps {
  private readonly open = new Map<string, number>();
  private readonly taken = new WeakMap<SocketConnection, Cap[]>();

  /** Caps from `limits`; `limited` says whether the per-address cap applies to an address (see ClassGuard.limited). */
  constructor(
    private readonly limits: Pick<ClassLimits, 'socketsPerLearner' | 'socketsPerAddress'>,
    private readonly limited: (address: string) => boolean,
  ) {}

  /** Counts `connection` of `identity`; a 429 naming the cap when one is full (nothing is counted then). */
  take(connection: SocketConnection, identity: Identity): void {
    const caps = this.capsOf(identity, connection.remoteAddress);
    const full = caps.find((cap) => (this.open.get(cap.key) ?? 0) >= cap.max);
    if (full) throw new HttpException({ statusCode: 429, message: full.refusal });
    for (const cap of caps) this.open.set(cap.key, (this.open.get(cap.key) ?? 0) + 1);
    this.taken.set(connection, caps);
  }

  /** Gives back what `connection` took (once: a second call does nothing). */
  release(connection: SocketConnection): void {
    for (const { key } of this.taken.get(connection) ?? []) {
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    }
    this.taken.delete(connection);
  }

  private capsOf(identity: Identity, address: string): Cap[] {
    if (identity.role === 'teacher') return [];
    const { socketsPerLearner, socketsPerAddress } = this.limits;
    const caps: Cap[] = [];
    if (identity.role === 'learner')
      caps.push({
        key: `learner:${identity.learnerId}`,
        max: socketsPerLearner,
        refusal: `Too many open connections for this learner (at most ${socketsPerLearner}): close another tab of the class.`,
      });
    if (this.limited(address))
      caps.push({
        key: `address:${address}`,
        max: socketsPerAddress,
        refusal: `Too many open connections from your address (at most ${socketsPerAddress}): close another tab of the class.`,
      });
    return caps;
  }
}
