/**
 * The shared service cases (service-cases.ts) against MemoryService, MapService and PgService (PGlite
 * in memory), each over real sockets and app.fetch; then the cases that concern one service kind:
 * findOne on a custom index and TypedService's instances.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { App, MapService, MemoryService, PgService } from '../../runtime/framework/index.ts';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import { transports } from '../support/transports.ts';
import type { ServiceImplementation } from './service-cases.ts';
import { serviceCases } from './service-cases.ts';

const database = await openPglite('memory://');
afterAll(() => database.close());
let tables = 0;

const implementations: ServiceImplementation[] = [
  { name: 'MemoryService', make: () => new MemoryService(), missingId: '404', operators: true },
  { name: 'MapService', make: () => new MapService(), missingId: 'creates', operators: false },
  { name: 'PgService', make: () => new PgService({ table: `cases_${tables++}`, database }), missingId: '404', operators: true },
];

for (const impl of implementations) {
  for (const transport of transports) {
    describe(`${impl.name} over ${transport.name}`, () => serviceCases(impl, transport));
  }
}
