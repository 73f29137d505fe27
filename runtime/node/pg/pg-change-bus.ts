import type { BusMessage, ChangeBus } from '../../framework/providers/websocket/change-bus.ts';

/** NOTIFY payloads must stay under 8000 bytes; a larger change is not shared (logged). */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * A ChangeBus over PostgreSQL LISTEN/NOTIFY on the server at `url` (node-postgres): every Halo
 * process of a program on one database shares its changes on `channel`, so a socket connected to
 * any of them hears changes made through all. One dedicated connection listens; NOTIFY goes
 * through it too. `pg` is imported on first use only.
 */
export function pgChangeBus(url: string, channel = 'halo_changes'): ChangeBus {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name ${JSON.stringify(channel)}: use lower-case letters, digits and _.`);
  let client: Promise<import('pg').Client> | undefined;
  const connect = () =>
    (client ??= import('pg').then(async ({ default: pg }) => {
      const c = new pg.Client({ connectionString: url });
      // A dropped connection emits 'error'; unhandled, that would end the process.
      c.on('error', (error) => console.error(`[halo] change bus connection error: ${error.message}`));
      await c.connect();
      return c;
    }));
  return {
    async publish(message: BusMessage) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        console.warn(`[halo] "${message.event}" is over ${MAX_PAYLOAD_BYTES} bytes and was not shared with other processes.`);
        return;
      }
      await (await connect()).query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async subscribe(listener) {
      const c = await connect();
      c.on('notification', (notification) => {
        if (notification.channel !== channel || !notification.payload) return;
        try {
          listener(JSON.parse(notification.payload) as BusMessage);
        } catch (error) {
          console.error('[halo] unreadable change bus message:', error);
        }
      });
      await c.query(`LISTEN ${channel}`);
    },
    async close() {
      const open = client;
      client = undefined;
      // A connection that never opened has nothing to end.
      await open?.then((c) => c.end(), () => undefined);
    },
  };
}
