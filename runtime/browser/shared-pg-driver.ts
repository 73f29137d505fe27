import type { PgDriver, PgRow } from '../framework/services/pg/pg-driver.ts';

/** `name` as a quoted SQL identifier. */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One PGlite shared by the program and the checks' copy of it (a lesson has one database engine, not two): the
 * program's statements run with the default search path, the checks' with their own schema alone on it, so each
 * sees only its own tables. Statements run one at a time (PGlite runs one anyway), and the search path is set
 * between them only when the next one belongs to the other side.
 */
export class SharedPgDriver implements PgDriver {
  private queue: Promise<unknown> = Promise.resolve();
  /** The schema the search path names now; null for the default path (the program's). */
  private schema: string | null = null;

  /** Shares `inner`, the program's connection. */
  constructor(private readonly inner: PgDriver) {}

  /** Runs a statement of the program. */
  query(sql: string, params: readonly unknown[] = []): Promise<PgRow[]> {
    return this.run(null, sql, params);
  }

  /** Closes the connection. */
  close(): Promise<void> {
    return this.inner.close();
  }

  /** The database as `schema` alone sees it: its statements' unqualified names are that schema's. */
  inSchema(schema: string): PgDriver {
    return { query: (sql, params = []) => this.run(schema, sql, params), close: async () => undefined };
  }

  /** Makes `schema` anew, empty. */
  async resetSchema(schema: string): Promise<void> {
    await this.dropSchema(schema);
    await this.run(null, `CREATE SCHEMA ${identifier(schema)}`, []);
  }

  /** Drops `schema` with all it holds. */
  async dropSchema(schema: string): Promise<void> {
    await this.run(null, `DROP SCHEMA IF EXISTS ${identifier(schema)} CASCADE`, []);
  }

  private run(schema: string | null, sql: string, params: readonly unknown[]): Promise<PgRow[]> {
    const done = this.queue.then(async () => {
      if (schema !== this.schema) {
        // Set before it is known to hold: a failed switch is tried again by the next statement.
        this.schema = null;
        await this.inner.query(schema === null ? 'SET search_path TO DEFAULT' : `SET search_path TO ${identifier(schema)}`);
        this.schema = schema;
      }
      return this.inner.query(sql, params);
    });
    this.queue = done.catch(() => undefined);
    return done;
  }
}
