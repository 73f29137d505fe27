import type { SharedPgAnswer, SharedPgQuery } from '../contract/pg-broker-protocol.ts';
import type { PgDriver, PgRow } from '../framework/services/pg/pg-driver.ts';

/** An error as the served database reported it: PostgreSQL's fields (`code`, `detail`, …) kept, so PgService maps it. */
function remoteError(fields: Record<string, string>): Error {
  return Object.assign(new Error(fields.message ?? 'the database failed'), fields);
}

/**
 * A PgDriver whose statements run on a database another server worker serves on `port` (the learner's program's,
 * for the checks' copy: see SharedPgDriver); closing it closes only the port.
 */
export function remotePgDriver(port: MessagePort): PgDriver {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (rows: PgRow[]) => void; reject: (error: Error) => void }>();
  port.onmessage = (event: MessageEvent<SharedPgAnswer>) => {
    const answer = event.data;
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ok) pending?.resolve(answer.rows);
    else pending?.reject(remoteError(answer.error));
  };
  return {
    query(sql, params = []) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        try {
          port.postMessage({ id, sql, params: [...params] } satisfies SharedPgQuery);
        } catch (error) {
          waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    close: async () => port.close(),
  };
}
