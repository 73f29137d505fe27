import { registerPgConnector, setDefaultPgUrl } from '../framework/services/pg/pg-databases.ts';
import type { PgDriver } from '../framework/services/pg/pg-driver.ts';
import { openPglite } from '../framework/services/pg/pglite-driver.ts';
import { reportBusy } from './program-host.ts';

/**
 * Where a PgService without a `database` option keeps its data in the playground: PGlite in the
 * IndexedDB database `halo`, opened inside the server worker, so data survives a restart of the
 * program (the kill switch's too) and a reload of the page.
 */
export const BROWSER_PG_URL = 'idb://halo';

/** The longest the kill switch holds off while PGlite opens (its first open in a browser runs initdb). */
const OPEN_GRACE_MS = 60_000;

/** Opens PGlite, telling the playground meanwhile that the program is busy rather than stuck. */
async function openPgliteBusy(url: string): Promise<PgDriver> {
  reportBusy(OPEN_GRACE_MS);
  try {
    return await openPglite(url);
  } finally {
    reportBusy(0);
  }
}

/** Makes BROWSER_PG_URL the default, and PGlite's opening no reason for the kill switch; the browser build of halo calls it on import. */
export function installBrowserPg(): void {
  registerPgConnector((url) => (/^postgres(ql)?:\/\//i.test(url) ? null : openPgliteBusy(url)));
  setDefaultPgUrl(() => BROWSER_PG_URL);
}
