/** PgService behaviour on PGlite in memory (see pg-behaviour.ts). */
import { afterAll } from 'vitest';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import { describePgBehaviour } from './pg-behaviour.ts';

const database = await openPglite('memory://');
afterAll(() => database.close());

describePgBehaviour('PGlite', () => database, 'lite');
