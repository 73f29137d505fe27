import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { PgConnector, PgDriver } from './pg-driver.ts';
import { openPglite } from './pglite-driver.ts';

/** An open database shared by the services that named the same URL; closed when the last lets go. */
interface Shared {
  driver: Promise<PgDriver>;
  users: number;
}

const connectors: PgConnector[] = [];
const open = new Map<string, Shared>();
let defaultUrl: () => string = () => 'memory://';

/** Lets a platform add a driver for some URLs (the Node build adds node-postgres for `postgres://…`). */
export function registerPgConnector(connector: PgConnector): void {
  connectors.unshift(connector);
}

/** Sets where PgServices without a `database` option store their data (the platforms set it). */
export function setDefaultPgUrl(url: () => string): void {
  defaultUrl = url;
}

/** The database URL a PgService without a `database` option uses. */
export function defaultPgUrl(): string {
  return defaultUrl();
}

/**
 * Opens the database at `url` (`postgres://…` where a platform registered a server driver,
 * anything else is a PGlite data dir), sharing one connection per URL: one PGlite data dir may be
 * opened only once per process. Call the returned `release` when done.
 */
export function acquirePg(url: string): { driver: Promise<PgDriver>; release: () => Promise<void> } {
  let shared = open.get(url);
  if (!shared) {
    shared = { driver: connect(url), users: 0 };
    open.set(url, shared);
    // A failed open must not stick: the next service may try again (e.g. after the server is up).
    shared.driver.catch(() => open.get(url) === shared && open.delete(url));
  }
  shared.users += 1;
  const entry = shared;
  let released = false;
  return {
    driver: entry.driver,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0 || open.get(url) !== entry) return;
      open.delete(url);
      await (await entry.driver).close();
    },
  };
}

async function connect(url: string): Promise<PgDriver> {
  for (const connector of connectors) {
    const driver = connector(url);
    if (driver) return driver;
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    throw frameworkErrors.serverUrlNeedsNode();
  }
  return openPglite(url);
}
