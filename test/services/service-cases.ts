/**
 * One suite of service behaviour over REST, run against every service implementation (like Hono's
 * router common.case tests): each case mounts a fresh service of the implementation under test and
 * sends real requests through a transport (real sockets or app.fetch).
 */
import { expect, it } from 'vitest';
import { App } from '../../runtime/framework/index.ts';
import type { Service } from '../../runtime/framework/index.ts';
import type { Transport } from '../support/transports.ts';

type Json = Record<string, unknown>;

/** A service implementation under test and the rules it follows. */
export interface ServiceImplementation {
  /** The name tests are listed under. */
  name: string;
  /** A fresh, empty service (a new table for a database service). */
  make(): Service<string | number, Json>;
  /** Whether modify/update of a missing id create it (MapService, spec rule 5) or answer 404 (Feathers). */
  missingId: 'creates' | '404';
  /** Whether the query language ($gte, $in…) applies. */
  operators: boolean;
}

/** A JSON body nested `depth` levels deep: `{"a":{"a":…}}`. */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A body that tries to change prototypes through every spelling a client can send. */
export const PROTOTYPE_PAYLOAD =
  '{"text":"x","__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"prototype":{"isAdmin":true}}';

/** Registers the shared cases for `impl`, each over `transport`. */
export function serviceCases(impl: ServiceImplementation, transport: Transport): void {
  async function withService(
    test: (
      call: (method: string, path: string, body?: string) => Promise<{ status: number; json: Json & Json[] }>,
      service: Service<string | number, Json>,
    ) => Promise<void>,
  ): Promise<void> {
    const app = new App();
    const service = impl.make();
    app.use('/items', service);
    const host = await transport.start(app);
    const call = async (method: string, path: string, body?: string) => {
      const init: RequestInit = { method, ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }) };
      const response = await host.send(path, init);
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    };
    try {
      await test(call, service);
    } finally {
      await host.stop();
      await service.close();
    }
  }

  // MapService has no query operators, so the case exists only for the services that do.
  if (impl.operators)
    it('a comparison with an incomparable bound (?age[$gte]=abc on numbers) matches nothing', () =>
      withService(async (call, service) => {
        await call('POST', '/items', '{"name":"a","age":30}');
        await call('POST', '/items', '{"name":"b","age":40}');
        for (const op of ['$gte', '$gt', '$lte', '$lt']) {
          expect((await call('GET', `/items?age[${op}]=abc`)).json, op).toEqual([]);
        }
        expect((await call('GET', '/items?age[$gte]=35')).json).toMatchObject([{ name: 'b' }]);
        expect((await call('GET', '/items?name[$gte]=b')).json).toMatchObject([{ name: 'b' }]);
        // Server-side queries keep their types: a number bound on a string field matches nothing either.
        expect(await service.index({ query: { name: { $gte: 5 } } })).toEqual([]);
      }));

  it('a missing id answers 404 "No record found for ID <id>" on read and remove; modify/update follow the service rules', () =>
    withService(async (call) => {
      for (const method of ['GET', 'DELETE']) {
        expect(await call(method, '/items/7'), method).toMatchObject({ status: 404, json: { message: 'No record found for ID 7' } });
      }
      for (const method of ['PATCH', 'PUT']) {
        const reply = await call(method, '/items/7', '{"text":"new"}');
        if (impl.missingId === 'creates') expect(reply, method).toMatchObject({ status: 200, json: { id: '7', text: 'new' } });
        else expect(reply, method).toMatchObject({ status: 404, json: { message: 'No record found for ID 7' } });
      }
    }));

  it('findOne answers 404 when nothing matches, and the first record when something does', () =>
    withService(async (call, service) => {
      await expect(service.findOne()).rejects.toMatchObject({ statusCode: 404 });
      await call('POST', '/items', '{"text":"one"}');
      expect(await service.findOne()).toMatchObject({ text: 'one' });
    }));

  it('stores nothing when the record could not be sent back (nested 1,900 deep): 4xx, and the collection still reads', () =>
    withService(async (call, service) => {
      const created = await call('POST', '/items', '{"text":"kept"}');
      const deep = nestedJson(1900);
      const posted = await call('POST', '/items', deep);
      expect(posted.status).toBeGreaterThanOrEqual(400);
      expect(posted.status).toBeLessThan(500);
      for (const method of ['PATCH', 'PUT']) {
        const reply = await call(method, `/items/${created.json.id}`, `{"text":"changed","deep":${deep}}`);
        expect(reply.status, method).toBeGreaterThanOrEqual(400);
        expect(reply.status, method).toBeLessThan(500);
      }
      // Server-side calls, which no body limit guards: refused with 400 before anything is stored.
      const value = JSON.parse(deep) as Json;
      await expect(service.create(value)).rejects.toMatchObject({ statusCode: 400 });
      await expect(service.modify(created.json.id as string, value)).rejects.toMatchObject({ statusCode: 400 });
      const list = await call('GET', '/items');
      expect(list.status).toBe(200);
      expect(list.json).toEqual([created.json]);
    }));

  it('copies only own, safe keys: __proto__ / constructor.prototype payloads change no prototype', () =>
    withService(async (call, service) => {
      const created = await call('POST', '/items', PROTOTYPE_PAYLOAD);
      expect(created.status).toBe(201);
      const id = created.json.id as string;
      expect(await call('PATCH', `/items/${id}`, PROTOTYPE_PAYLOAD)).toMatchObject({ status: 200 });
      expect(await call('PUT', `/items/${id}`, PROTOTYPE_PAYLOAD)).toMatchObject({ status: 200 });
      const stored = await service.read(id);
      expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
      expect(Object.keys(stored).filter((key) => ['__proto__', 'constructor', 'prototype'].includes(key))).toEqual([]);
      expect(stored.isAdmin).toBeUndefined();
      expect(({} as Json).isAdmin).toBeUndefined();
      const read = await call('GET', `/items/${id}`);
      expect(Object.keys(read.json).sort()).toEqual(Object.keys(stored).sort());
    }));
}
