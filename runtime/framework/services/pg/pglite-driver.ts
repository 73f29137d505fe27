import type { PGliteOptions } from '@electric-sql/pglite';
import { optionalModule } from '../../optional-modules.ts';
import type { PgDriver, PgRow } from './pg-driver.ts';

/**
 * Opens PGlite, the embedded PostgreSQL, at `dataDir` as PGlite names it: `memory://` (in memory),
 * `idb://<name>` (IndexedDB, in the browser) or a directory path (Node). PGlite (several MB of
 * wasm) is imported here, on first use, so a program without a database never downloads it.
 * `options` go to PGlite as they are (a platform may supply its file system and wasm modules), the object itself:
 * PGlite keeps it as long as the database is open, so the caller may let go of what it no longer needs (a seed loaded).
 */
export async function openPglite(dataDir: string, options: PGliteOptions = {}): Promise<PgDriver> {
  const { PGlite } = await optionalModule('pglite');
  const db = await PGlite.create(Object.assign(options, { dataDir }));
  return {
    async query(sql: string, params: readonly unknown[] = []): Promise<PgRow[]> {
      const result = await db.query<PgRow>(sql, [...params]);
      return result.rows;
    },
    close: () => db.close(),
  };
}
