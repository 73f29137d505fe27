import { SharedPgDriver } from '../browser/shared-pg-driver.ts';
import { PLAYGROUND_PG_URL, type SharedPgAnswer, type SharedPgQuery } from '../contract/pg-broker-protocol.ts';
import { acquirePg } from '../framework/services/pg/pg-databases.ts';

/** The schema in which a checks' copy keeps its tables: the learner's program keeps its own in `public`. */
const CHECKS_SCHEMA = 'halo_checks';

/** The fields of an error the checks' copy gets: PostgreSQL's (`code`, `detail`, `constraint`, …) as strings. */
function errorFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = { message: error instanceof Error ? error.message : String(error) };
  if (typeof error === 'object' && error !== null) {
    for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/**
 * This worker's default database, served to the checks' copies of its program (ServerHost.serveDatabase): opened
 * (or shared with the program, which may have opened it already) on a copy's first statement, and let go of when
 * the checks are done with it, their schema dropped.
 */
export class DatabaseServer {
  private served: { driver: Promise<SharedPgDriver>; release: () => Promise<void> } | null = null;

  /**
   * Answers the statements that come on `port` in the checks' schema, made afresh first when `fresh`. Nothing opens
   * before the first statement: a copy that uses no database costs the program's worker nothing.
   */
  serve(port: MessagePort, fresh: boolean): void {
    let ready: Promise<SharedPgDriver> | null = null;
    const driver = (): Promise<SharedPgDriver> =>
      (ready ??= this.open().then(async (shared) => {
        if (fresh) await shared.resetSchema(CHECKS_SCHEMA);
        return shared;
      }));
    port.onmessage = (event: MessageEvent<SharedPgQuery>) => {
      const { id, sql, params } = event.data;
      const answer = (message: SharedPgAnswer): void => port.postMessage(message);
      driver()
        .then((shared) => {
          if (typeof sql !== 'string' || !Array.isArray(params)) throw new Error('not a statement');
          return shared.inSchema(CHECKS_SCHEMA).query(sql, params);
        })
        .then(
          (rows) => answer({ id, ok: true, rows }),
          (error: unknown) => answer({ id, ok: false, error: errorFields(error) }),
        );
    };
  }

  /** The checks are done: their schema goes, and the database with it unless the program has it open. */
  drop(): void {
    const served = this.served;
    this.served = null;
    if (!served) return;
    void served.driver
      .then((driver) => driver.dropSchema(CHECKS_SCHEMA))
      .catch(() => undefined)
      .finally(() => void served.release());
  }

  private open(): Promise<SharedPgDriver> {
    if (!this.served) {
      const { driver, release } = acquirePg(PLAYGROUND_PG_URL);
      const shared = driver.then((opened) => {
        if (!(opened instanceof SharedPgDriver)) throw new Error('this database cannot be shared');
        return opened;
      });
      this.served = { driver: shared, release };
    }
    return this.served.driver;
  }
}
