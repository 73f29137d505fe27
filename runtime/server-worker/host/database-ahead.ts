import type { PgCall, PgReply } from '../../contract/pg-broker-protocol.ts';
import { PLAYGROUND_PG_URL } from '../../contract/pg-broker-protocol.ts';
import type { FromServerWorker, ToServerWorker } from '../../contract/server-worker-protocol.ts';
import type { DatabaseAheadState } from '../../contract/engine-api.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';

/** What the owning host does for the spare. */
export interface AheadOwner {
  /** Answers a call of the spare's PGlite (its assets, the seed, its files) in `scope`. */
  answer(call: PgCall, scope: string): Promise<{ reply: PgReply; transfer: Transferable[] }>;
  /** The spare booted. */
  booted(): void;
  /** The spare holds a database nobody will take: the host stops it, which frees it. */
  retire(worker: ServerWorkerHandle): void;
}

/**
 * The learner's default database opened ahead, once per lesson visit, in the spare server worker the next run takes,
 * while the learner reads a lesson about PgService: that run's PgService finds PGlite started and a new database's
 * files stored, instead of waiting for both. One PGlite at a time writes a database's files, so the spare opens it
 * only while no program has it open, and is stopped the moment one opens it (that program reads what the spare
 * stored). Only a learner's run of a program that uses PgService takes that worker: a run in another scope stops it
 * (its PGlite read the learner's files), and a program without a database or the checks' copy never gets it.
 */
export class DatabaseAhead {
  private scope: string | null = null;
  private worker: ServerWorkerHandle | null = null;
  /** Wanted when the host had no spare to open it in (a run had taken the last, and the next was not made yet). */
  private waitsForSpare = false;
  private status: DatabaseAheadState['status'] = 'none';
  private opened = 0;
  private taken = 0;

  constructor(private readonly owner: AheadOwner) {}

  /** How far it is, for tools and tests. */
  get state(): DatabaseAheadState {
    return { status: this.status, opened: this.opened, taken: this.taken };
  }

  /** Opens the default database of `scope` in `spare` (the next one a run takes), unless a program has it `openElsewhere`. */
  want(scope: string, spare: ServerWorkerHandle | undefined, openElsewhere: boolean): void {
    if (this.scope !== scope) this.unwant();
    this.scope = scope;
    this.waitsForSpare = !spare;
    if (!spare || this.worker || openElsewhere) return;
    this.worker = spare;
    this.status = 'opening';
    this.opened += 1;
    spare.port.onmessage = (event: MessageEvent<FromServerWorker>) => this.receive(spare, event.data);
    this.post(spare, { type: 'open-database', url: PLAYGROUND_PG_URL });
  }

  /** The host made `spare`: a database wanted while there was none opens in it, unless `openIn` says a program has it open. */
  spareMade(spare: ServerWorkerHandle | undefined, openIn: (scope: string) => boolean): void {
    if (this.waitsForSpare && this.scope !== null) this.want(this.scope, spare, openIn(this.scope));
  }

  /** Opens nothing ahead any more; the spare holding a database is retired. */
  unwant(): void {
    this.scope = null;
    this.waitsForSpare = false;
    this.retire();
  }

  /** Whether `worker` is the spare holding the database (lent to nobody: the checks must not get it). */
  holds(worker: ServerWorkerHandle): boolean {
    return worker === this.worker;
  }

  /**
   * A run of a learner's program that uses PgService takes `worker`: true when it is the spare holding the database
   * and the run may keep that (it runs in the scope it was opened in), false when it is that spare and may not (the
   * run must use another worker), null when it is another worker. Runs that open no database never take that spare.
   */
  claim(worker: ServerWorkerHandle, scope: string): boolean | null {
    if (worker !== this.worker) return null;
    const keep = scope === this.scope;
    this.forget();
    if (keep) this.taken += 1;
    return keep;
  }

  /** The running program read the default database of `scope`: it writes it from now on, so the spare may not. */
  loaded(scope: string): void {
    if (scope === this.scope) this.retire();
  }

  private retire(): void {
    const worker = this.worker;
    this.forget();
    if (worker) this.owner.retire(worker);
  }

  private forget(): void {
    this.worker = null;
    this.status = 'none';
  }

  private receive(worker: ServerWorkerHandle, message: FromServerWorker): void {
    if (message.type === 'booted') return this.owner.booted();
    const scope = this.scope;
    // A stopped spare's last messages are not answered: its files may no longer be written.
    if (worker !== this.worker || scope === null) return;
    if (message.type === 'database-open') {
      this.status = message.ok ? 'open' : 'none';
      return;
    }
    if (message.type !== 'call') return;
    const { id, call } = message;
    this.owner.answer(call, scope).then(
      ({ reply, transfer }) => this.post(worker, { type: 'reply', id, reply }, transfer),
      (error: unknown) =>
        this.post(worker, { type: 'reply', id, reply: { ok: false, message: error instanceof Error ? error.message : String(error) } }),
    );
  }

  private post(worker: ServerWorkerHandle, message: ToServerWorker, transfer: Transferable[] = []): void {
    worker.port.postMessage(message, transfer);
  }
}
