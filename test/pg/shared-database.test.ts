/**
 * One PGlite per lesson: the checks' copy of a program runs its statements on the learner's database (SharedPgDriver,
 * served by DatabaseServer over a MessagePort to remotePgDriver, as between two server workers), in a schema of its
 * own. Real PGlite in memory, real ports. Each side sees only its own tables; errors keep PostgreSQL's fields (so
 * PgService answers 409 for a duplicate); dropping the checks' schema leaves the learner's data as it was; and the
 * whole PgService behaviour suite passes through the remote driver.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { remotePgDriver } from '../../runtime/browser/remote-pg-driver.ts';
import { SharedPgDriver } from '../../runtime/browser/shared-pg-driver.ts';
import { PLAYGROUND_PG_URL } from '../../runtime/contract/pg-broker-protocol.ts';
import { acquirePg, registerPgConnector } from '../../runtime/framework/services/pg/pg-databases.ts';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import type { PgDriver } from '../../runtime/framework/services/pg/pg-driver.ts';
import { DatabaseServer } from '../../runtime/server-worker/database-server.ts';
import { describePgBehaviour } from './pg-behaviour.ts';

const learner = new SharedPgDriver(await openPglite('memory://'));
// What pg-defaults does in a server worker: the default database, shareable.
registerPgConnector((url) => (url === PLAYGROUND_PG_URL ? Promise.resolve(learner) : null));
// The learner's program holds it open (its PgService), as in a worker: the checks' drop never closes it.
const held = acquirePg(PLAYGROUND_PG_URL);
await held.driver;
const server = new DatabaseServer();
afterAll(() => held.release());

/** A checks' copy's driver, served by `server` (a fresh schema when `fresh`). */
function checksDriver(fresh: boolean): PgDriver {
  const { port1, port2 } = new MessageChannel();
  server.serve(port1, fresh);
  return remotePgDriver(port2);
}

const tables = async (driver: PgDriver) =>
  (await driver.query("SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_name = 'todos'")).map(
    (row) => row.name,
  );

describe('the learner’s database shared with the checks', () => {
  it('keeps each side to its own tables, and the checks’ schema goes when they are done', async () => {
    await learner.query('CREATE TABLE todos (id serial PRIMARY KEY, text text)');
    await learner.query("INSERT INTO todos (text) VALUES ('mine')");
    const checks = checksDriver(true);
    await checks.query('CREATE TABLE todos (id serial PRIMARY KEY, text text)');
    await checks.query("INSERT INTO todos (text) VALUES ('checked'), ('again')");
    // Interleaved, each reads its own.
    const [mine, theirs] = await Promise.all([learner.query('SELECT text FROM todos'), checks.query('SELECT text FROM todos')]);
    expect(mine).toEqual([{ text: 'mine' }]);
    expect(theirs).toEqual([{ text: 'checked' }, { text: 'again' }]);
    // A restart of the checks' copy in the same round keeps its rows; a new round starts empty.
    expect(await checksDriver(false).query('SELECT count(*)::int AS n FROM todos')).toEqual([{ n: 2 }]);
    await expect(checksDriver(true).query('SELECT count(*)::int AS n FROM todos')).rejects.toMatchObject({ code: '42P01' });
    server.drop();
    await expect.poll(() => tables(learner)).toEqual(['public.todos']);
    expect(await learner.query('SELECT text FROM todos')).toEqual([{ text: 'mine' }]);
    await learner.query('DROP TABLE todos');
  });

  it('passes PostgreSQL’s error fields on, so PgService maps them as on its own database', async () => {
    const checks = checksDriver(true);
    await checks.query('CREATE TABLE pairs (id int PRIMARY KEY)');
    await checks.query('INSERT INTO pairs VALUES (1)');
    await expect(checks.query('INSERT INTO pairs VALUES (1)')).rejects.toMatchObject({ code: '23505', constraint: 'pairs_pkey' });
    server.drop();
  });
});

describePgBehaviour('the learner’s PGlite, served to the checks', () => checksDriver(true), 'checks');
