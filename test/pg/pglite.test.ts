/**
 * PgService on PGlite in memory (one PGlite for the file: starting one costs seconds): the Feathers
 * adapter suite (all 79, through the shared shim) for the default `id` field and a custom one, then
 * the behaviour tests of pg-behaviour.ts. The suite runs with `rules: 'feathers'`: it expects a
 * missing id to be a 404 where MapService's rules (PgService's default) create the record.
 */
import { afterAll } from 'vitest';
import { PgService } from '../../runtime/framework/index.ts';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import { runAdapterSuite } from '../support/feathers-adapter.ts';
import { describePgBehaviour } from './pg-behaviour.ts';

const database = await openPglite('memory://');
afterAll(() => database.close());

runAdapterSuite('PgService on PGlite', {
  people: new PgService({ table: 'people', database, rules: 'feathers' }),
  'people-customid': new PgService({ table: 'people_customid', database, id: 'customid', rules: 'feathers' }),
});

describePgBehaviour('PGlite', () => database, 'lite');
