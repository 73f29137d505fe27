/**
 * The shared service cases (service-cases.ts) against MemoryService, MapService and PgService (PGlite
 * in memory), each over real sockets and app.fetch; then the cases that concern one service kind:
 * findOne on a custom index and TypedService's instances.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  AnonymousService,
  App,
  classSerializer,
  MapService,
  MemoryService,
  PgService,
  TypedService,
} from '../../runtime/framework/index.ts';
import type { Page } from '../../runtime/framework/index.ts';
import { openPglite } from '../../runtime/framework/services/pg/pglite-driver.ts';
import { transports } from '../support/transports.ts';
import type { ServiceImplementation } from './service-cases.ts';
import { PROTOTYPE_PAYLOAD, serviceCases } from './service-cases.ts';

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

class Account {
  id?: string;
  name = '';
  isAdmin?: boolean;
}

describe('TypedService copies only own, safe keys into instances', () => {
  it('fromMap keeps the class prototype whatever the map holds', () => {
    const account = classSerializer(Account).fromMap(JSON.parse(PROTOTYPE_PAYLOAD) as Record<string, unknown>);
    expect(Object.getPrototypeOf(account)).toBe(Account.prototype);
    expect(account.isAdmin).toBeUndefined();
    expect(Object.hasOwn(account, 'constructor')).toBe(false);
  });

  for (const transport of transports) {
    it(`POST and PATCH with __proto__ payloads over ${transport.name}: instances keep their class`, async () => {
      const app = new App();
      const seen: unknown[] = [];
      const accounts = app.use('/accounts', new TypedService<string, Account>(new MapService(), Account));
      accounts.before(['created', 'modified'], (e) => void seen.push(e.data));
      const host = await transport.start(app);
      try {
        const init = (method: string): RequestInit => ({
          method,
          body: PROTOTYPE_PAYLOAD,
          headers: { 'content-type': 'application/json' },
        });
        const created = await host.send('/accounts', init('POST'));
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        expect((await host.send(`/accounts/${id}`, init('PATCH'))).status).toBe(200);
        expect(seen).toHaveLength(2);
        for (const data of seen) {
          expect(Object.getPrototypeOf(data)).toBe(Account.prototype);
          expect((data as Account).isAdmin).toBeUndefined();
        }
        const stored = await accounts.read(id);
        expect(Object.getPrototypeOf(stored)).toBe(Account.prototype);
        expect(stored.isAdmin).toBeUndefined();
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      } finally {
        await host.stop();
      }
    });
  }
});
