import type { PgDriver, PgRow } from './pg-driver.ts';

/**
 * Opens PGlite, the embedded PostgreSQL, at `dataDir` as PGlite names it: `memory://` (in memory),
 * `idb://<name>` (IndexedDB, in the browser) or a directory path (Node). PGlite (several MB of
 * wasm) is imported here, on first use, so a program without a database never downloads it.
 */
export async function openPglite(dataDir: string): Promise<PgDriver> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  return {
    async query(sql: string, params: readonly unknown[] = []): Promise<PgRow[]> {
      const result = await db.query<PgRow>(sql, [...params]);
      return result.rows;
    },
    close: () => db.close(),
  };
}
