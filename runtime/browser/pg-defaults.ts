import type { PGliteOptions } from '@electric-sql/pglite';
import { PLAYGROUND_PG_URL } from '../contract/pg-broker-protocol.ts';
import { registerPgConnector, setDefaultPgUrl } from '../framework/services/pg/pg-databases.ts';
import type { PgDriver } from '../framework/services/pg/pg-driver.ts';
import { openPglite } from '../framework/services/pg/pglite-driver.ts';
import { BrokeredPgFs } from './brokered-pg-fs.ts';
import { DatabasesAhead } from './databases-ahead.ts';
import { programHost, reportBusy, type PgHost } from './program-host.ts';

/** The longest the kill switch holds off while PGlite opens (its first open in a browser runs initdb). */
const OPEN_GRACE_MS = 60_000;

/**
 * Opens PGlite with what the page hands in: its wasm and files (the sandbox cannot fetch them), for
 * `idb://<name>` a file system the page keeps, and for a new database the fresh data directory the build
 * made, so initdb never runs here (in the browser it took seconds and a second PGlite instance's memory);
 * `memory://` stays in the program's memory.
 */
async function openInPlayground(url: string, pg: PgHost | undefined = programHost()?.pg): Promise<PgDriver> {
  if (!pg) return openPglite(url);
  const name = /^idb:\/\/(.+)$/.exec(url)?.[1];
  const [assets, stored] = await Promise.all([pg.assets(), name ? pg.load(name) : []]);
  const [pgliteWasmModule, initdbWasmModule, seed] = await Promise.all([
    WebAssembly.compile(assets.pgliteWasm),
    WebAssembly.compile(assets.initdbWasm),
    stored.length === 0 ? pg.seed() : null,
  ]);
  const options: PGliteOptions = { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([assets.fsBundle]) };
  if (name) options.fs = new BrokeredPgFs(pg, name, stored);
  if (seed) options.loadDataDir = new Blob([seed]);
  return openPglite(name ? 'memory://' : url, options);
}

/** The databases this server worker opened before its program loaded (see DatabasesAhead). */
export const databasesAhead = new DatabasesAhead(openInPlayground, () => programHost()?.pg);

/**
 * Opens PGlite, or takes the database opened ahead at `url` (if it failed, opens it now), telling the playground
 * meanwhile that the program is busy rather than stuck.
 */
async function openPgliteBusy(url: string): Promise<PgDriver> {
  reportBusy(OPEN_GRACE_MS);
  try {
    const ahead = databasesAhead.take(url);
    return await (ahead ? ahead.catch(() => openInPlayground(url)) : openInPlayground(url));
  } finally {
    reportBusy(0);
  }
}

/**
 * Makes PLAYGROUND_PG_URL the default (its data survives a restart of the program, the kill switch's too, and a
 * reload of the page), and PGlite's opening no reason for the kill switch; the browser build of halo calls it on import.
 */
export function installBrowserPg(): void {
  registerPgConnector((url) => (/^postgres(ql)?:\/\//i.test(url) ? null : openPgliteBusy(url)));
  setDefaultPgUrl(() => PLAYGROUND_PG_URL);
}
