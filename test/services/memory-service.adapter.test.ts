/**
 * Runs the Feathers database-adapter conformance suite (@feathersjs/adapter-tests) against
 * MemoryService, hooked through a real App, for the default `id` field and a custom one.
 *
 * The suite is mocha-style (global describe/it/before/after), so vitest's functions are installed as
 * those globals before it registers its tests. A thin shim maps Feathers' names onto ours:
 * find→index, get→read, patch→modify (also inside `multi` option lists and in error messages),
 * `service.options`→`service.config`, our HttpExceptions → Feathers error names (NotFound, …); the
 * `_find`/`_get`/… "raw" methods call the unhooked MemoryService, the public ones the HookedService
 * that `app.use` returned. `events: ['testing']` is supplied by the shim: custom events are a
 * Feathers feature Halo services do not have.
 *
 * Skipped tests: none (all 79 per service run).
 */
import adapterTests from '@feathersjs/adapter-tests';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App, HttpException, MemoryService } from '../../runtime/framework/index.ts';
import type { HookedService, MemoryServiceOptions, MemoryServiceParams, MultiMethod } from '../../runtime/framework/index.ts';

type Row = Record<string, unknown>;
type Params = MemoryServiceParams;
type FeathersMulti = boolean | string[] | undefined;

const TESTS = [
  '.options', '.events', '._get', '._find', '._create', '._update', '._patch', '._remove',
  '.get', '.get + $select', '.get + id + query', '.get + NotFound', '.get + NotFound (integer)', '.get + id + query id',
  '.find', '.remove', '.remove + $select', '.remove + id + query', '.remove + NotFound', '.remove + NotFound (integer)',
  '.remove + multi', '.remove + multi no pagination', '.remove + id + query id',
  '.update', '.update + $select', '.update + id + query', '.update + NotFound', '.update + NotFound (integer)',
  '.update + query + NotFound', '.update + id + query id',
  '.patch', '.patch + $select', '.patch + id + query', '.patch multiple', '.patch multiple no pagination',
  '.patch multi query same', '.patch multi query changed', '.patch + NotFound', '.patch + NotFound (integer)',
  '.patch + query + NotFound', '.patch + id + query id',
  '.create', '.create + $select', '.create multi', '.create ignores query',
  'internal .find', 'internal .get', 'internal .create', 'internal .update', 'internal .patch', 'internal .remove',
  '.find + equal', '.find + equal multiple', '.find + $sort', '.find + $sort + string', '.find + $limit',
  '.find + $limit 0', '.find + $skip', '.find + $select', '.find + $or', '.find + $in', '.find + $nin', '.find + $lt',
  '.find + $lte', '.find + $gt', '.find + $gte', '.find + $ne', '.find + $gt + $lt + $sort', '.find + $or nested + $sort',
  '.find + $and', '.find + $and + $or', 'params.adapter + paginate', 'params.adapter + multi', '.find + paginate',
  '.find + paginate + query', '.find + paginate + $limit + $skip', '.find + paginate + $limit 0', '.find + paginate + params',
] as Parameters<typeof adapterTests>[0];

const EXPECTED = 79;
const passed = new Map<string, number>();

// Mocha's globals, backed by vitest; `it` also counts passes per id field for the summary below.
const countingIt = Object.assign(
  (name: string, runner: () => unknown) => {
    it(name, async () => {
      await runner();
      const suite = /with '(\w+)' id property/.exec(expect.getState().currentTestName ?? '')?.[1] ?? '?';
      passed.set(suite, (passed.get(suite) ?? 0) + 1);
    });
  },
  { skip: it.skip },
);
Object.assign(globalThis, { describe, it: countingIt, before: beforeAll, after: afterAll, beforeEach, afterEach });

const toOurs = (multi: FeathersMulti): MemoryServiceOptions['multi'] =>
  Array.isArray(multi) ? multi.map((m) => (m === 'patch' ? 'modify' : m) as MultiMethod) : multi;
const toTheirs = (multi: MemoryServiceOptions['multi']): FeathersMulti =>
  Array.isArray(multi) ? multi.map((m) => (m === 'modify' ? 'patch' : m)) : multi;

const ERROR_NAMES: Record<number, string> = { 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 405: 'MethodNotAllowed' };

function feathersError(error: unknown): unknown {
  if (!(error instanceof HttpException)) return error;
  const mapped = new Error(error.message.replace(/\bmodify\b/g, 'patch'));
  mapped.name = ERROR_NAMES[error.statusCode] ?? 'GeneralError';
  return mapped;
}

async function feathers<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw feathersError(error);
  }
}

function ourParams(params: Params | undefined): Params | undefined {
  if (!params?.adapter?.multi) return params;
  return { ...params, adapter: { ...params.adapter, multi: toOurs(params.adapter.multi as FeathersMulti) } };
}

function shim(memory: MemoryService, hooked: HookedService<MemoryService>) {
  type Id = string | number | null;
  const options = {
    get multi() { return toTheirs(memory.config.multi); },
    set multi(value: FeathersMulti) { memory.config.multi = toOurs(value); },
    get paginate() { return memory.config.paginate; },
    set paginate(value: MemoryServiceOptions['paginate']) { memory.config.paginate = value; },
  };
  const methods = (target: MemoryService | HookedService<MemoryService>) => ({
    find: (p?: Params) => feathers(() => target.index(ourParams(p))),
    get: (id: Id, p?: Params) => feathers(() => target.read(id, ourParams(p))),
    create: (data: Row | Row[], p?: Params) => feathers<Row | Row[]>(() => (Array.isArray(data) ? target.create(data, ourParams(p)) : target.create(data, ourParams(p)))),
    update: (id: Id, data: Row, p?: Params) => feathers(() => target.update(id, data, ourParams(p))),
    patch: (id: Id, data: Row, p?: Params) => feathers(() => target.modify(id as string, data, ourParams(p))),
    remove: (id: Id, p?: Params) => feathers(() => target.remove(id as string, ourParams(p))),
  });
  const raw = methods(memory);
  return {
    id: memory.id,
    options,
    events: ['testing'],
    ...methods(hooked),
    _find: raw.find, _get: raw.get, _create: raw.create, _update: raw.update, _patch: raw.patch, _remove: raw.remove,
  };
}

const app = new App();
const services = {
  people: shim(...mount('/people', new MemoryService())),
  'people-customid': shim(...mount('/people-customid', new MemoryService({ id: 'customid' }))),
};
const feathersApp = { service: (name: keyof typeof services) => services[name] };

function mount(path: string, memory: MemoryService): [MemoryService, HookedService<MemoryService>] {
  return [memory, app.use(path, memory)];
}

adapterTests(TESTS)(feathersApp, {}, 'people');
adapterTests(TESTS)(feathersApp, {}, 'people-customid', 'customid');

describe('Feathers adapter suite summary', () => {
  it(`passes all ${EXPECTED} tests for each id field`, () => {
    const summary = [...passed].map(([suite, n]) => `${suite}: ${n}/${EXPECTED}`).join(', ');
    console.log(`Feathers adapter tests passed — ${summary}`);
    expect(passed.get('id')).toBe(EXPECTED);
    expect(passed.get('customid')).toBe(EXPECTED);
  });
});
