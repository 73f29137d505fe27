import type { PgCall, PgReply } from '../../contract/pg-broker-protocol.ts';
import { PLAYGROUND_PG_URL } from '../../contract/pg-broker-protocol.ts';
import type { FromServerWorker, ToServerWorker } from '../../contract/server-worker-protocol.ts';
import type { DatabaseAheadState } from '../../contract/engine-api.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';

/** The data directory name of PLAYGROUND_PG_URL, as the program's calls name it. */
const AHEAD_NAME = new URL(PLAYGROUND_PG_URL).host;

/**
 * Milliseconds without a request to the program (or a store) before a spare opens the database again after a run or
 * a store: opening it takes a core for a second or more, which on a two-core laptop would slow the answers the
 * learner is waiting for, and a learner adding records one after another should not start an opening per record.
 */
const REOPEN_AFTER_MS = 2000;

/** A store the spare asked for, held until a run keeps its database. */
type HeldSave = Extract<PgCall, { method: 'save' }>;

/** What the owning host does for the spare. */
export interface AheadOwner {
  /** Answers a call of the spare's PGlite (its assets, the seed, a load) in `scope`. */
  answer(call: PgCall, scope: string): Promise<{ reply: PgReply; transfer: Transferable[] }>;
  /** The spare booted. */
  booted(): void;
  /** The spare holds a database that is out of date (or no longer wanted): the host stops it. */
  retire(worker: ServerWorkerHandle): void;
  /** A spare could open the database now (REOPEN_AFTER_MS after the last run, request or store). */
  reprepare(): void;
}

/** What a run that takes the spare holding the database gets. */
export interface AheadClaim {
  /** The run may keep the database opened there. */
  keep: boolean;
  /** The stores its opening made, to apply before any store of the program (empty unless `keep`). */
  saves: HeldSave[];
}

/**
 * The learner's default database opened ahead in one spare server worker while a lesson about PgService is open, so
 * the next run's PgService finds it open (PGlite started, from the stored files or the seed) instead of opening it
 * while the learner waits. One PGlite at a time writes a database's files: while the running program has the
 * database open, what the spare's opening would store is held here and stored only when a run keeps the database;
 * while nobody else has it open (lesson 19's new database), the spare stores at once (a new database's 40 MB), and
 * loses that right, being stopped, the moment another program opens it. A run in another scope or for the checks
 * never gets that worker; once another program stores the database after the spare read it, the spare is stopped and
 * a fresh one opens it again when the stores stop.
 */
export class DatabaseAhead {
  private scope: string | null = null;
  private worker: ServerWorkerHandle | null = null;
  private status: DatabaseAheadState['status'] = 'none';
  /** Whether the spare's PGlite has read the stored files: a store after that makes its copy out of date. */
  private read = false;
  /** Whether the spare stores what it writes at once: nobody else had the database open when it read it. */
  private storesAtOnce = false;
  /** The scopes whose database the running program opened (it writes them). */
  private readonly openElsewhere = new Set<string>();
  private held: HeldSave[] = [];
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private opened = 0;
  private taken = 0;

  constructor(private readonly owner: AheadOwner) {}

  /** How far it is, for tools and tests. */
  get state(): DatabaseAheadState {
    return { status: this.status, opened: this.opened, taken: this.taken };
  }

  /** Opens the default database of `scope` ahead from now on (in the spare next given to `prepare`). */
  want(scope: string): void {
    if (this.scope === scope) return;
    this.unwant();
    this.scope = scope;
  }

  /** Opens nothing ahead any more; the spare holding a database is retired. */
  unwant(): void {
    this.scope = null;
    this.retire();
  }

  /** Has `spare` (the next one a run takes) open the database, if one is wanted and no spare holds it. */
  prepare(spare: ServerWorkerHandle | undefined): void {
    if (this.scope === null || !spare || this.worker || this.reopenTimer !== null) return;
    this.worker = spare;
    this.status = 'opening';
    this.opened += 1;
    spare.port.onmessage = (event: MessageEvent<FromServerWorker>) => this.receive(spare, event.data);
    this.post(spare, { type: 'open-database', url: PLAYGROUND_PG_URL });
  }

  /** Whether `worker` is the spare holding the database (lent to nobody: the checks must not get it). */
  holds(worker: ServerWorkerHandle): boolean {
    return worker === this.worker;
  }

  /**
   * A run takes `worker`: null unless it is the spare holding the database, which the run keeps when it runs for the
   * learner in the scope it was opened in. A run that may not keep it must not run there (its opening's stores may be
   * on their way).
   */
  claim(worker: ServerWorkerHandle, scope: string, forChecks: boolean): AheadClaim | null {
    // The program before this run is stopped: what it had open is no longer written.
    if (!forChecks) this.openElsewhere.clear();
    if (worker !== this.worker) return null;
    const keep = !forChecks && scope === this.scope;
    const saves = keep ? this.held : [];
    this.forget();
    if (keep) {
      this.taken += 1;
      this.openElsewhere.add(scope);
    }
    return { keep, saves };
  }

  /** The running program read database `name` of `scope`: it writes it from now on, and the spare may not. */
  loaded(scope: string, name: string): void {
    if (name !== AHEAD_NAME) return;
    this.openElsewhere.add(scope);
    if (scope !== this.scope || !this.read || !this.storesAtOnce) return;
    this.retire();
    this.later();
  }

  /** A program stored database `name` of `scope`: the spare's copy of it, if that is the one and it was read, is out of date. */
  stored(scope: string, name: string): void {
    if (scope !== this.scope || name !== AHEAD_NAME) return;
    if (this.worker !== null && this.read) this.retire();
    this.later();
  }

  /** Has a spare open the database once the program has been left alone for REOPEN_AFTER_MS (a run started, a request came). */
  later(): void {
    if (this.scope === null || (this.worker !== null && this.reopenTimer === null)) return;
    if (this.reopenTimer !== null) clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      this.owner.reprepare();
    }, REOPEN_AFTER_MS);
  }

  private retire(): void {
    const worker = this.worker;
    this.forget();
    if (worker) this.owner.retire(worker);
  }

  private forget(): void {
    this.worker = null;
    this.status = 'none';
    this.read = false;
    this.storesAtOnce = false;
    this.held = [];
  }

  private receive(worker: ServerWorkerHandle, message: FromServerWorker): void {
    if (message.type === 'booted') return this.owner.booted();
    const scope = this.scope;
    if (worker !== this.worker || scope === null) return;
    if (message.type === 'database-open') {
      this.status = message.ok ? 'open' : 'none';
      return;
    }
    if (message.type !== 'call') return;
    const { id, call } = message;
    if (call.method === 'save' && !this.storesAtOnce) {
      // Kept as sent, buffers and all, until a run keeps the database; the spare's PGlite goes on at once.
      this.held.push(call);
      return this.post(worker, { type: 'reply', id, reply: { ok: true, value: null } });
    }
    if (call.method === 'load' && call.name === AHEAD_NAME) {
      this.read = true;
      this.storesAtOnce = !this.openElsewhere.has(scope);
    }
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
