import type { PgConnector, PgDriver, PgRow } from '../../framework/services/pg/pg-driver.ts';

/**
 * Opens a pool of node-postgres connections to the PostgreSQL server at `url` (`postgres://…`):
 * any PostgreSQL, including distributed ones such as Citus. `pg` is imported on first use only.
 */
export async function openNodePostgres(url: string): Promise<PgDriver> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url });
  // An idle connection the server dropped emits 'error' on the pool; unhandled, that would end the process.
  pool.on('error', (error) => console.error(`[halo] PostgreSQL connection error: ${error.message}`));
  return {
    async query(sql: string, params: readonly unknown[] = []): Promise<PgRow[]> {
      const result = await pool.query<PgRow>(sql, [...params]);
      return result.rows;
    },
    close: () => pool.end(),
  };
}

/** The connector for `postgres://` and `postgresql://` URLs. */
export const nodePostgresConnector: PgConnector = (url) => (/^postgres(ql)?:\/\//i.test(url) ? openNodePostgres(url) : null);
