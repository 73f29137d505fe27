/** A row as a driver returns it: column name → value. */
export type PgRow = Record<string, unknown>;

/**
 * The little PgService needs from a PostgreSQL connection: run one statement with bound parameters,
 * and let go of the connection. PGlite and node-postgres both fit behind it.
 */
export interface PgDriver {
  /** Runs `sql` with `params` bound to `$1`, `$2`, …; resolves with the rows it returns. */
  query(sql: string, params?: readonly unknown[]): Promise<PgRow[]>;
  /** Closes the connection (or pool). */
  close(): Promise<void>;
}

/** Opens a driver for a database URL, or answers `null` when the URL is not its kind. */
export type PgConnector = (url: string) => Promise<PgDriver> | null;
