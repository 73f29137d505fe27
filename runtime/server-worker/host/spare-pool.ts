import type { FromServerWorker } from '../../contract/server-worker-protocol.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';

/** How a host keeps spare server workers. */
export interface SparePolicy {
  /** Workers kept booted ahead of need once the host is quiet. */
  spares: number;
  /** Whether a run that takes the last spare boots the next one at once, rather than once the host is quiet. */
  bootAtOnce: boolean;
}

/**
 * Milliseconds after a program started (or the first spare booted) without a request, after which the host
 * counts as quiet and boots its missing spares: a boot takes a core for a while, and on a two-core laptop it
 * would slow the start and first answer of the program the learner is waiting for (after every edit).
 */
const QUIET_AFTER_MS = 150;

/** What the pool tells its host. */
export interface PoolEvents {
  /** Spares were made: the first may be wanted (a database opened ahead in it). */
  made(first: ServerWorkerHandle | undefined): void;
  /** The host is quiet: a time for work nobody waits for. */
  quiet(): void;
}

/**
 * A host's spare server workers, booted ahead of need: one at once (the first program runs on it), the others once
 * the host is quiet, so they never compete with the start and first answer of the program the learner waits for.
 */
export class SparePool {
  private readonly spares: ServerWorkerHandle[] = [];
  /** Set while spares are missing: they boot once the host is quiet (the timer, or the program's first answer). */
  private refillPending = true;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;

  /** Boots the first spare at once with `spawn`; the rest follow `policy`. */
  constructor(
    private readonly spawn: () => ServerWorkerHandle,
    private readonly policy: SparePolicy,
    private readonly events: PoolEvents,
  ) {
    const first = this.spawn();
    // Until a program takes it over (ProgramProcess replaces both handlers).
    first.port.onmessage = (event: MessageEvent<FromServerWorker>) => event.data.type === 'booted' && this.soonQuiet();
    first.onerror = () => this.soonQuiet();
    this.spares.push(first);
  }

  /** The spare the next run takes (a database opened ahead goes there). */
  get first(): ServerWorkerHandle | undefined {
    return this.spares[0];
  }

  /**
   * Takes the first spare `avoid` does not refuse, else (`orAny`) the first spare at all, else a fresh worker; the
   * one missing boots later.
   */
  take(avoid: (spare: ServerWorkerHandle) => boolean = () => false, orAny = false): ServerWorkerHandle {
    let index = this.spares.findIndex((spare) => !avoid(spare));
    if (index === -1 && orAny && this.spares.length > 0) index = 0;
    this.refillPending = true;
    return index === -1 ? this.spawn() : this.spares.splice(index, 1)[0];
  }

  /** Takes `spare` out of the pool when it is there; true when it was. */
  remove(spare: ServerWorkerHandle): boolean {
    const index = this.spares.indexOf(spare);
    if (index === -1) return false;
    this.spares.splice(index, 1);
    this.refillPending = true;
    return true;
  }

  /** A run started on the last spare: the next boots now when the policy says so (not beside that start). */
  started(): void {
    if (this.spares.length === 0 && this.policy.bootAtOnce) {
      this.spares.push(this.spawn());
      this.events.made(this.spares[0]);
    }
    this.soonQuiet();
  }

  /** Declares the host quiet QUIET_AFTER_MS from now, unless it is by then. */
  soonQuiet(): void {
    if (this.refillPending) this.quietTimer ??= setTimeout(() => this.quiet(), QUIET_AFTER_MS);
  }

  /** Boots the missing spares, if any, and tells the host. */
  quiet(): void {
    if (!this.refillPending) return;
    this.refillPending = false;
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    while (this.spares.length < this.policy.spares) this.spares.push(this.spawn());
    this.events.made(this.spares[0]);
    this.events.quiet();
  }
}
