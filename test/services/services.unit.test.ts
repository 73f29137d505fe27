import { describe, expect, it } from 'vitest';
import {
  AnonymousService,
  App,
  HttpException,
  MapService,
  MemoryService,
  Providers,
  Service,
  TypedService,
} from '../../runtime/framework/index.ts';
import type { Page, ServiceEvent } from '../../runtime/framework/index.ts';

type Json = Record<string, unknown>;

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof HttpException ? error.statusCode : -1;
  }
}

describe('Service', () => {
  it('toId maps null, undefined and "null" to null, anything else to a string', () => {
    expect(Service.toId(null)).toBeNull();
    expect(Service.toId(undefined)).toBeNull();
    expect(Service.toId('null')).toBeNull();
    expect(Service.toId('7')).toBe('7');
    expect(Service.toId(7)).toBe('7');
  });

  it('the base methods reject with 405', async () => {
    const s = new Service();
    for (const call of [s.index(), s.read('1'), s.create({}), s.modify('1', {}), s.update('1', {}), s.remove('1')]) {
      expect(await statusOf(call)).toBe(405);
    }
  });

  it('findOne returns the first indexed record, or 404 with its message', async () => {
    const s = new MapService();
    await expect(s.findOne()).rejects.toMatchObject({ statusCode: 404, message: 'No record was found matching the given query.' });
    await expect(s.findOne({}, 'No such todo.')).rejects.toMatchObject({ message: 'No such todo.' });
    await s.create({ n: 1 });
    await s.create({ n: 2 });
    expect(await s.findOne({ query: { n: 2 } })).toMatchObject({ n: 2 });
    const paged = new MemoryService({ paginate: { default: 1 } });
    await paged.create({ n: 3 });
    expect(await paged.findOne()).toMatchObject({ n: 3 });
  });

  it('readMany reads in parallel and answers in id order', async () => {
    let running = 0;
    let most = 0;
    const s = new AnonymousService<string, Json>({
      read: async (id) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, id === 'a' ? 30 : 5));
        running--;
        return { id };
      },
    });
    expect(await s.readMany(['a', 'b', 'c'])).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(most).toBe(3);
  });
});

describe('Providers', () => {
  it('name their channel and compare by it', () => {
    expect([Providers.rest.via, Providers.graphql.via, Providers.websocket.via]).toEqual(['rest', 'graphql', 'websocket']);
    expect(new Providers('graphql').equals(Providers.graphql)).toBe(true);
    expect(Providers.rest.equals(Providers.websocket)).toBe(false);
    expect(String(Providers.rest)).toBe('via:rest');
    expect(JSON.stringify(Providers.websocket)).toBe('{"via":"websocket"}');
  });
});

describe('MapService (server-side)', () => {
  it('remove(null) clears and returns {} server-side; a client call is 403 unless allowRemoveAll', async () => {
    const s = new MapService();
    await s.create({ a: 1 });
    expect(await statusOf(s.remove(null, { provider: Providers.rest }))).toBe(403);
    expect(await s.index()).toHaveLength(1);
    expect(await s.remove(null)).toEqual({});
    expect(await s.index()).toEqual([]);
    const open = new MapService({ allowRemoveAll: true });
    await open.create({ a: 1 });
    expect(await open.remove(null, { provider: Providers.websocket })).toEqual({});
    expect(open.items).toEqual([]);
  });

  it('never mutates inputs and never hands out its stored objects', async () => {
    const s = new MapService();
    const input = { text: 'a', nested: { n: 1 } };
    const created = await s.create(input);
    expect(input).toEqual({ text: 'a', nested: { n: 1 } });
    (created.nested as Json).n = 99;
    expect((await s.read(created.id as string)).nested).toEqual({ n: 1 });
    const patch = { nested: { n: 2 } };
    await s.modify(created.id as string, patch);
    patch.nested.n = 3;
    expect((await s.read(created.id as string)).nested).toEqual({ n: 2 });
  });

  it('accepts req.bodyAsMap itself (a proxy) as data', async () => {
    const app = new App();
    const todos = app.use('/todos', new MapService());
    const people = app.use('/people', new MemoryService());
    app.post('/direct', async (req) => {
      await req.parseBody();
      return [await todos.create(req.bodyAsMap), await people.create(req.bodyAsMap)];
    });
    const response = await app.fetch(
      new Request('http://x/direct', {
        method: 'POST',
        body: JSON.stringify({ text: 't', tags: ['a'] }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await response.json()).toEqual([
      expect.objectContaining({ id: '0', text: 't', tags: ['a'] }),
      { id: 0, text: 't', tags: ['a'] },
    ]);
  });

  it('modify keeps id and created_at and moves updated_at; update keeps the position', async () => {
    const s = new MapService();
    const a = await s.create({ n: 'a' });
    await s.create({ n: 'b' });
    await new Promise((resolve) => setTimeout(resolve, 3));
    const modified = await s.modify('0', { id: 'hijack', created_at: 'never', extra: true });
    expect(modified).toMatchObject({ id: '0', created_at: a.created_at, extra: true });
    expect(modified.updated_at).not.toBe(a.updated_at);
    await s.update('0', { n: 'A' });
    expect(s.items.map((i) => i.n)).toEqual(['A', 'b']);
  });

  it('the id counter skips ids already taken by records created with a chosen id', async () => {
    const s = new MapService();
    await s.update('0', { n: 'chosen' });
    expect((await s.create({ n: 'generated' })).id).toBe('1');
  });

  it('without autoIdAndDateFields records are stored as given (a missing id still creates with that id)', async () => {
    const s = new MapService({ autoIdAndDateFields: false });
    expect(await s.create({ n: 1 })).toEqual({ n: 1 });
    expect(await s.modify('x', { n: 2 })).toEqual({ n: 2, id: 'x' });
    expect(await s.read('x')).toEqual({ n: 2, id: 'x' });
  });
});

describe('hooks (server-side)', () => {
  it('reject unknown event names', () => {
    const hooked = new App().use('/x', new MapService());
    expect(() => hooked.before('deleted' as 'removed', () => undefined)).toThrow(/Invalid service event: deleted/);
  });

  it('run in order, awaited; a before-cancel stops the other before-listeners and skips the call', async () => {
    const inner = new MapService();
    const hooked = new App().use('/x', inner);
    const seen: string[] = [];
    hooked.before('created', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push('first');
    });
    hooked.before('created', (e) => {
      seen.push('second');
      if ((e.data as Json).skip) e.cancel({ skipped: true });
    });
    hooked.before('created', () => void seen.push('third'));
    hooked.after('created', (e) => {
      seen.push('after');
      e.cancel();
    });
    hooked.after('created', () => void seen.push('never'));
    expect(await hooked.create({ skip: true })).toEqual({ skipped: true });
    expect(inner.items).toEqual([]);
    expect(seen).toEqual(['first', 'second', 'after']);
  });

  it('carry the event fields; params changed before the call reach the service', async () => {
    const inner = new MapService();
    const hooked = new App().use('/x', inner);
    await hooked.create({ a: 1 });
    const events: ServiceEvent<string, Json, MapService>[] = [];
    hooked.before('modified', (e) => {
      events.push(e);
      e.params.query = { a: 'ignored by modify' };
      e.params.marker = 'set in hook';
    });
    hooked.after('modified', (e) => void events.push(e));
    await hooked.modify('0', { b: 2 }, { query: {} });
    const [before, after] = events;
    expect(before).toMatchObject({ eventName: 'modified', isBefore: true, id: '0', data: { b: 2 }, request: null, response: null });
    expect(before.service).toBe(inner);
    expect(after).toMatchObject({ eventName: 'modified', isAfter: true, params: { marker: 'set in hook' } });
    expect(after.result).toMatchObject({ id: '0', a: 1, b: 2 });
  });
});

describe('HookedService.findOne and readMany', () => {
  it('go through the hooks', async () => {
    const hooked = new App().use('/x', new MapService());
    await hooked.create({ n: 1 });
    await hooked.create({ n: 2 });
    const events: string[] = [];
    hooked.beforeAll((e) => void events.push(`${e.eventName} ${e.id ?? ''}`.trim()));
    expect(await hooked.findOne({ query: { n: 2 } })).toMatchObject({ n: 2 });
    await expect(hooked.findOne({ query: { n: 3 } }, 'Nope.')).rejects.toMatchObject({ statusCode: 404, message: 'Nope.' });
    expect((await hooked.readMany(['1', '0'])).map((r) => r.n)).toEqual([2, 1]);
    expect(events).toEqual(['indexed', 'indexed', 'read 1', 'read 0']);
  });
});

describe('App.close', () => {
  it('closes every service mounted with use(), also through chain()', async () => {
    const closed: string[] = [];
    class Closing extends Service {
      constructor(private readonly name: string) {
        super();
      }
      override async close(): Promise<void> {
        closed.push(this.name);
      }
    }
    const app = new App();
    app.use('/a', new Closing('a'));
    app.chain([() => true]).use('/b', new Closing('b'));
    await app.close();
    expect(closed).toEqual(['a', 'b']);
  });
});

class Todo {
  id?: string;
  text = '';
  due: Date = new Date(0);
  created_at?: Date;
  updated_at?: Date;
}

describe('TypedService', () => {
  it('stores maps with ISO strings and hands back class instances with Dates', async () => {
    const maps = new MapService();
    const todos = new TypedService<string, Todo>(maps, Todo);
    const todo = Object.assign(new Todo(), { text: 'file taxes', due: new Date('2027-04-15T00:00:00.000Z') });
    const created = await todos.create(todo);
    expect(created).toBeInstanceOf(Todo);
    expect(created.due).toEqual(new Date('2027-04-15T00:00:00.000Z'));
    expect(created.created_at).toBeInstanceOf(Date);
    expect(maps.items[0]).toMatchObject({ text: 'file taxes', due: '2027-04-15T00:00:00.000Z' });
    expect(typeof maps.items[0].created_at).toBe('string');
    const [listed] = (await todos.index()) as Todo[];
    expect(listed).toBeInstanceOf(Todo);
    expect((await todos.modify(created.id!, { text: 'filed' })).text).toBe('filed');
    expect((await todos.read(created.id!)).updated_at).toBeInstanceOf(Date);
    expect(await todos.remove(created.id!)).toBeInstanceOf(Todo);
  });

  it('accepts a custom serializer and maps pages', async () => {
    const people = new TypedService<string | number, { name: string }>(new MemoryService({ paginate: { default: 5 } }), {
      toMap: (p) => ({ fullName: p.name }),
      fromMap: (m) => ({ name: String(m.fullName) }),
    });
    await people.create({ name: 'Ada' });
    const page = (await people.index()) as Page<{ name: string }>;
    expect(page).toMatchObject({ total: 1, limit: 5, skip: 0, data: [{ name: 'Ada' }] });
  });
});

describe('MemoryService (server-side)', () => {
  it('paginates with default and max, honours $limit 0, and selects the id with $select', async () => {
    const s = new MemoryService({ paginate: { default: 2, max: 3 } });
    for (const n of [1, 2, 3, 4, 5]) await s.create({ n });
    expect(await s.index()).toMatchObject({ total: 5, limit: 2, skip: 0 });
    expect(await s.index({ query: { $limit: 10 } })).toMatchObject({ limit: 3 });
    expect(await s.index({ query: { $limit: 0 } })).toMatchObject({ total: 5, data: [] });
    expect(await s.index({ paginate: false, query: { n: { $gte: 4 } } })).toHaveLength(2);
    expect(await s.read(0, { query: { $select: ['n'] } })).toEqual({ id: 0, n: 1 });
  });

  it('uses a custom id field and start id, and keeps ids given in the data', async () => {
    const s = new MemoryService({ id: '_id', startId: 100 });
    expect(await s.create({ a: 1 })).toEqual({ a: 1, _id: 100 });
    expect(await s.create({ _id: 'mine' })).toEqual({ _id: 'mine' });
    expect(await s.read('100')).toEqual({ a: 1, _id: 100 });
  });

  it('multi create/modify/remove need the multi option', async () => {
    const s = new MemoryService();
    expect(await statusOf(s.create([{ a: 1 }]))).toBe(405);
    s.options.multi = ['create', 'modify'];
    expect(await s.create([{ a: 1 }, { a: 2 }])).toHaveLength(2);
    expect(await s.modify(null, { b: true }, { query: { a: { $gt: 1 } } })).toEqual([{ id: 1, a: 2, b: true }]);
    expect(await statusOf(s.remove(null))).toBe(405);
    expect(await statusOf(s.update(null, {}))).toBe(400);
  });
});
