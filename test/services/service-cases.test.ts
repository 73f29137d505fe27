/**
 * The shared service cases (service-cases.ts) against MemoryService, MapService and PgService (PGlite
 * in memory), each over real sockets and app.fetch; then the cases that concern one service kind:
 * findOne on a custom index and TypedService's instances.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AnonymousService, App, MapService, MemoryService, PgService } from '../../runtime/framework/index.ts';
import type { Page } from '../../runtime/framework/index.ts';
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

describe('findOne on a custom index', () => {
  const empty: Array<[string, unknown]> = [
    ['null', null],
    ['[]', []],
    ['an empty page', { total: 0, limit: 10, skip: 0, data: [] }],
  ];
  for (const [label, found] of empty) {
    it(`answers 404 when index yields ${label}, unhooked and hooked`, async () => {
      const service = new AnonymousService({ index: () => found as Page<Record<string, unknown>> });
      await expect(service.findOne()).rejects.toMatchObject({ statusCode: 404 });
      await expect(new App().use('/x', service).findOne()).rejects.toMatchObject({ statusCode: 404 });
    });
  }
});
