import { registerPgConnector, setDefaultPgUrl } from '../../framework/services/pg/pg-databases.ts';
import { nodePostgresConnector } from './node-postgres-driver.ts';

/**
 * On Node a PgService without a `database` option uses `DATABASE_URL` (a PostgreSQL server) when set,
 * else PGlite in the directory `HALO_DATA_DIR` when set, else PGlite in memory.
 */
export function nodeDefaultPgUrl(env: Record<string, string | undefined> = process.env): string {
  return env.DATABASE_URL || env.HALO_DATA_DIR || 'memory://';
}

/** Installs node-postgres for server URLs and the Node default above; the Node build of halo calls it on import. */
export function installNodePg(): void {
  registerPgConnector(nodePostgresConnector);
  setDefaultPgUrl(() => nodeDefaultPgUrl());
}
