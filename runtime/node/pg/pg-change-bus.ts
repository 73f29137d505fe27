import type { Client, Notification } from 'pg';
import type { BusMessage, ChangeBus } from '../../framework/providers/websocket/change-bus.ts';

/** Options of pgChangeBus. */
export interface PgChangeBusOptions {
  /** The NOTIFY channel, also the prefix of the payload table. Default `halo_changes`. */
  channel?: string;
  /** Bytes of changes kept while the database is unreachable; past them the oldest are dropped (and the other processes told of a gap). Default 8 MiB. */
  maxQueuedBytes?: number;
}

/** NOTIFY payloads must stay under 8000 bytes; a larger change travels in the payload table and NOTIFY carries its row id. */
const MAX_NOTIFY_BYTES = 7900;
/** Reconnection waits double from the first to the last (ms): a restarted database is found again within about a second. */
const BACKOFF_MS = { first: 50, last: 1000 } as const;
/** How long a large change's row is kept for the other processes to read. */
const PAYLOAD_TTL = '5 minutes';
/** SQLSTATE classes that mean the connection (or the server) is gone, not that the statement was wrong. */
const CONNECTION_LOST = /^(08|57|53)/;

/** What travels in a NOTIFY: a change, the row id of a large one, or word that changes were dropped. */
type Wire = BusMessage | { ref: string } | { gap: true };

/** A change waiting to be sent, serialized. */
interface Queued {
  text: string;
  bytes: number;
}

/**
 * A ChangeBus over PostgreSQL LISTEN/NOTIFY on the server at `url` (node-postgres): every Halo
 * process of a program on one database shares its changes on a channel, so a socket connected to
 * any of them hears changes made through all. One dedicated connection listens and notifies; when it
 * drops (a restart, a network cut) the bus reconnects with backoff, LISTENs again, sends what was
 * queued meanwhile (bounded), and reports a gap to the provider, whose clients get `{ "event": "resync" }`.
 * Delivery is at most once, in order for the changes of one process. `pg` is imported on first use only.
 */
export function pgChangeBus(url: string, options: PgChangeBusOptions = {}): ChangeBus {
  return new PgChangeBus(url, options);
}

class PgChangeBus implements ChangeBus {
  private readonly channel: string;
  private readonly table: string;
  private readonly maxQueuedBytes: number;
  private client: Client | null = null;
  private opening: Promise<Client | null> | null = null;
  /** Changes may have gone by unheard (a connection lost or not made): the next connection reports a gap. */
  private missing = false;
  /** The connection that LISTENs, once it does. */
  private listeningClient: Client | null = null;
  /** Waiting for the outcome of the next connection attempt. */
  private attemptWaiters: (() => void)[] = [];
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private wakeRetry: (() => void) | undefined;
  private readonly queue: Queued[] = [];
  private queuedBytes = 0;
  /** Changes were dropped from a full queue: the other processes are told once the bus sends again. */
  private droppedSome = false;
  private pumping = false;
  private tableReady = false;
  private listener: ((message: BusMessage) => void) | undefined;
  private gap: (() => void) | undefined;
  /** Received notifications are handled one after the other, so a large change (read from its table) keeps its place. */
  private receiving = Promise.resolve();

  constructor(
    private readonly url: string,
    options: PgChangeBusOptions,
  ) {
    const unknown = Object.keys(options).filter((key) => key !== 'channel' && key !== 'maxQueuedBytes');
    if (unknown.length > 0)
      throw new TypeError(
        `pgChangeBus(url, options): unknown option "${unknown[0]}"; options are { channel?: string, maxQueuedBytes?: positive integer }.`,
      );
    this.channel = options.channel ?? 'halo_changes';
    if (!/^[a-z_][a-z0-9_]{0,50}$/.test(this.channel))
      throw new TypeError(
        `pgChangeBus(url, options): invalid "channel" ${JSON.stringify(this.channel)}: use lower-case letters, digits and _ (at most 51).`,
      );
    this.maxQueuedBytes = options.maxQueuedBytes ?? 8 * 1024 * 1024;
    if (!Number.isSafeInteger(this.maxQueuedBytes) || this.maxQueuedBytes <= 0)
      throw new TypeError(
        `pgChangeBus(url, options): "maxQueuedBytes" must be a positive integer, got ${JSON.stringify(options.maxQueuedBytes)}.`,
      );
    this.table = `${this.channel}_payloads`;
  }

  /** Queues the change and resolves at once; it is sent as soon as the bus is connected. */
  async publish(message: BusMessage): Promise<void> {
    const text = JSON.stringify(message);
    const item = { text, bytes: Buffer.byteLength(text) };
    this.queue.push(item);
    this.queuedBytes += item.bytes;
    while (this.queuedBytes > this.maxQueuedBytes && this.queue.length > 1) {
      const dropped = this.queue.shift()!;
      this.queuedBytes -= dropped.bytes;
      if (!this.droppedSome)
        console.error(
          `[halo] change bus queue over ${this.maxQueuedBytes} bytes while the database is unreachable: dropping the oldest changes.`,
        );
      this.droppedSome = true;
    }
    if (this.client) void this.pump();
    else void this.open();
  }

  /**
   * Listens from now on; resolves once LISTEN ran, or once a first attempt failed: the bus goes on
   * trying in the background (calls need not wait for the database), and reports a gap when it listens.
   */
  async subscribe(listener: (message: BusMessage) => void, gap?: () => void): Promise<void> {
    this.listener = listener;
    this.gap = gap;
    if (!this.client) {
      const attempted = new Promise<void>((resolve) => this.attemptWaiters.push(resolve));
      void this.open();
      await attempted;
    }
    const client = this.client;
    if (client && this.listeningClient !== client) {
      await client.query(`LISTEN ${this.channel}`);
      this.listeningClient = client;
    }
  }

  /** Stops listening and reconnecting; changes still queued are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.wakeRetry?.();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Connects (once at a time), retrying with backoff until connected or closed. */
  private open(): Promise<Client | null> {
    this.opening ??= this.connectWithBackoff().finally(() => (this.opening = null));
    return this.opening;
  }

  private async connectWithBackoff(): Promise<Client | null> {
    const { default: pg } = await import('pg');
    for (let attempt = 0; !this.closed; attempt++) {
      const client = new pg.Client({ connectionString: this.url, keepAlive: true });
      // A dropped connection emits 'error' (and 'end'); unhandled, 'error' would end the process.
      client.on('error', (error) => {
        if (client === this.client) console.error(`[halo] change bus connection lost: ${error.message}`);
      });
      client.on('notification', (notification) => this.received(client, notification));
      try {
        await client.connect();
        if (this.listener) await client.query(`LISTEN ${this.channel}`);
      } catch (error) {
        void client.end().catch(() => undefined);
        if (attempt === 0) console.error(`[halo] change bus cannot reach the database (${(error as Error).message}); retrying.`);
        this.missing = true;
        this.attempted();
        await this.sleep(Math.min(BACKOFF_MS.last, BACKOFF_MS.first * 2 ** attempt));
        continue;
      }
      if (this.closed) {
        await client.end().catch(() => undefined);
        return null;
      }
      client.once('end', () => this.lost(client));
      this.client = client;
      if (this.listener) this.listeningClient = client;
      // While it was away, other processes' changes went by unheard.
      if (this.missing && this.listener) this.gap?.();
      this.missing = false;
      this.attempted();
      void this.pump();
      return client;
    }
    this.attempted();
    return null;
  }

  private attempted(): void {
    for (const resolve of this.attemptWaiters.splice(0)) resolve();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wakeRetry = resolve;
      this.retryTimer = setTimeout(resolve, ms);
      this.retryTimer.unref();
    });
  }

  private lost(client: Client): void {
    if (client !== this.client) return;
    this.client = null;
    this.missing = true;
    if (!this.closed) void this.open();
  }

  /** Sends the queue in order while connected. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.client && !this.closed && (this.droppedSome || this.queue.length > 0)) {
        const client = this.client;
        try {
          if (this.droppedSome) {
            await this.notify(client, JSON.stringify({ gap: true } satisfies Wire));
            this.droppedSome = false;
            continue;
          }
          await this.send(client, this.queue[0]);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !CONNECTION_LOST.test(code)) {
            console.error(`[halo] the change bus could not share a change (${(error as Error).message}); it is dropped.`);
          } else {
            // The connection is gone: 'end' reconnects, and the change is sent then.
            void client.end().catch(() => undefined);
            this.lost(client);
            break;
          }
        }
        const sent = this.queue.shift()!;
        this.queuedBytes -= sent.bytes;
      }
    } finally {
      this.pumping = false;
    }
  }

  private async send(client: Client, item: Queued): Promise<void> {
    if (item.bytes <= MAX_NOTIFY_BYTES) return this.notify(client, item.text);
    if (!this.tableReady) await this.createTable(client);
    await client.query(
      `WITH expired AS (DELETE FROM ${this.table} WHERE created_at < now() - interval '${PAYLOAD_TTL}'),
            stored AS (INSERT INTO ${this.table} (payload) VALUES ($2) RETURNING id)
       SELECT pg_notify($1, json_build_object('ref', id::text)::text) FROM stored`,
      [this.channel, item.text],
    );
  }

  private async notify(client: Client, payload: string): Promise<void> {
    await client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  private async createTable(client: Client): Promise<void> {
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${this.table} (id bigserial PRIMARY KEY, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
      );
    } catch (error) {
      // Two processes creating it at once: one of them loses the race on the catalog, and the table is there.
      if (!['23505', '42P07'].includes((error as { code?: string }).code ?? '')) throw error;
    }
    this.tableReady = true;
  }

  private received(client: Client, notification: Notification): void {
    if (notification.channel !== this.channel || !notification.payload) return;
    const payload = notification.payload;
    this.receiving = this.receiving
      .then(async () => {
        const wire = JSON.parse(payload) as Wire;
        if ('gap' in wire) return this.gap?.();
        if ('ref' in wire) {
          const { rows } = await client.query<{ payload: string }>(`SELECT payload FROM ${this.table} WHERE id = $1`, [wire.ref]);
          if (rows.length === 0) return this.gap?.();
          return this.listener?.(JSON.parse(rows[0].payload) as BusMessage);
        }
        this.listener?.(wire);
      })
      .catch((error: unknown) => console.error('[halo] unreadable change bus message:', error));
  }
}
