/**
 * PgService on a real PostgreSQL server through node-postgres: a throwaway server from Debian's
 * packages (postgres-server.ts) runs for this file only. The Feathers adapter suite (all 79, shared
 * shim, `rules: 'feathers'` as on PGlite), the behaviour tests of pg-behaviour.ts, the DATABASE_URL
 * default, and an unreachable server answering 503 without crashing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { App, PgService } from '../../runtime/node/index.ts';
import { openNodePostgres } from '../../runtime/node/pg/node-postgres-driver.ts';
import { nodeDefaultPgUrl } from '../../runtime/node/pg/node-pg-defaults.ts';
import { runAdapterSuite } from '../support/feathers-adapter.ts';
import { serveApp } from '../support/serve-app.ts';
import { describePgBehaviour } from './pg-behaviour.ts';
import { startPostgres } from './postgres-server.ts';

const server = await startPostgres();
const database = await openNodePostgres(server.url);
afterAll(async () => {
  await database.close();
  await server.stop();
});

runAdapterSuite('PgService on PostgreSQL (node-postgres)', {
  people: new PgService({ table: 'people', database, rules: 'feathers' }),
  'people-customid': new PgService({ table: 'people_customid', database, id: 'customid', rules: 'feathers' }),
});

describePgBehaviour('node-postgres', () => database, 'srv');

describe('PgService on node-postgres: connecting', () => {
  it('uses DATABASE_URL, else HALO_DATA_DIR, else memory, when no database is given', () => {
    expect(nodeDefaultPgUrl({ DATABASE_URL: server.url, HALO_DATA_DIR: '/tmp/x' })).toBe(server.url);
    expect(nodeDefaultPgUrl({ HALO_DATA_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(nodeDefaultPgUrl({})).toBe('memory://');
  });

  it('opens a postgres:// URL with node-postgres, shares it between services and closes it with the last', async () => {
    const a = new PgService({ table: 'url_a', database: server.url });
    const b = new PgService({ table: 'url_b', database: server.url });
    const made = await a.create({ via: 'url' });
    await b.create({ via: 'url' });
    expect(await a.read(made.id as string)).toMatchObject({ via: 'url' });
    await a.close();
    expect(await b.index()).toHaveLength(1);
    await b.close();
    // Reopened, the data is still there: it lives in the server.
    const again = new PgService({ table: 'url_a', database: server.url });
    expect(await again.read(made.id as string)).toMatchObject({ via: 'url' });
    await again.close();
  });

  it('answers 503 when the server cannot be reached, and keeps serving', async () => {
    const app = new App();
    app.use('/down', new PgService({ table: 'down', database: 'postgres://halo@127.0.0.1:1/postgres' }));
    app.get('/up', () => ({ up: true }));
    const served = await serveApp(app);
    try {
      const response = await fetch(`${served.uri}/down`);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { message: string }).message).toMatch(/^The database is unavailable: /);
      expect(await (await fetch(`${served.uri}/up`)).json()).toEqual({ up: true });
    } finally {
      await served.close();
    }
  });
});
