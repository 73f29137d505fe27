import { setDefaultPgUrl } from '../framework/services/pg/pg-databases.ts';

/**
 * Where a PgService without a `database` option keeps its data in the playground: PGlite in the
 * IndexedDB database `halo`, opened inside the server worker, so data survives a restart of the
 * program (the kill switch's too) and a reload of the page.
 */
export const BROWSER_PG_URL = 'idb://halo';

/** Makes BROWSER_PG_URL the default; the browser build of halo calls it on import. */
export function installBrowserPg(): void {
  setDefaultPgUrl(() => BROWSER_PG_URL);
}
