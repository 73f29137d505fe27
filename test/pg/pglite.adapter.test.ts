/**
 * The Feathers adapter suite (all 79 tests, through the shared shim) against PgService on PGlite in
 * memory, for the default `id` field and a custom one. `rules: 'feathers'`: the suite expects a
 * missing id to be a 404 where MapService's rules (PgService's default) create the record.
 */
import { afterAll } from 'vitest';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import { PgService } from '../../runtime/framework/index.ts';
import { runAdapterSuite } from '../support/feathers-adapter.ts';

const database = await openPglite('memory://');
afterAll(() => database.close());

runAdapterSuite('PgService on PGlite', {
  people: new PgService({ table: 'people', database, rules: 'feathers' }),
  'people-customid': new PgService({ table: 'people_customid', database, id: 'customid', rules: 'feathers' }),
});
