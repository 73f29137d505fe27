/**
 * Runs the Feathers database-adapter conformance suite (@feathersjs/adapter-tests) against Halo
 * services, each hooked through a real App. Shared by the MemoryService and PgService tests.
 *
 * The suite is mocha-style (global describe/it/before/after), so vitest's functions are installed as
 * those globals before it registers its tests. A thin shim maps Feathers' names onto ours:
 * find→index, get→read, patch→modify (also inside `multi` option lists and in error messages),
 * `multi`'s method names, our HttpExceptions → Feathers error names (NotFound, …); the
 * `_find`/`_get`/… "raw" methods call the unhooked service, the public ones the HookedService that
 * `app.use` returned. `events: ['testing']` is supplied by the shim: custom events are a Feathers
 * feature Halo services do not have.
 */
import adapterTests from '@feathersjs/adapter-tests';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App, HttpException } from '../../runtime/framework/index.ts';
import type {
  AnyService,
  HookedService,
  MemoryServiceOptions,
  MemoryServiceParams,
  MultiMethod,
  Page,
} from '../../runtime/framework/index.ts';

type Row = Record<string, unknown>;
type Params = MemoryServiceParams;
type FeathersMulti = boolean | string[] | undefined;
type Id = string | number | null;

/** What the shim needs of a service: MemoryService's `id`, `options` and method shapes. */
export type AdapterService = AnyService & {
  readonly id: string;
  readonly options: Pick<MemoryServiceOptions, 'multi' | 'paginate'>;
  index(params?: Params): Promise<Row[] | Page<Row>>;
  read(id: Id, params?: Params): Promise<Row>;
  create(data: Row | Row[], params?: Params): Promise<Row | Row[]>;
  modify(id: Id, data: Row, params?: Params): Promise<Row | Row[]>;
  update(id: Id, data: Row, params?: Params): Promise<Row>;
  remove(id: Id, params?: Params): Promise<Row | Row[]>;
  mount(): HookedService<AdapterService>;
};

/** Every test of the suite: all 79 run. */
const ADAPTER_TESTS = [
  '.options',
  '.events',
  '._get',
  '._find',
  '._create',
  '._update',
  '._patch',
  '._remove',
  '.get',
  '.get + $select',
  '.get + id + query',
  '.get + NotFound',
  '.get + NotFound (integer)',
  '.get + id + query id',
  '.find',
  '.remove',
  '.remove + $select',
  '.remove + id + query',
  '.remove + NotFound',
  '.remove + NotFound (integer)',
  '.remove + multi',
  '.remove + multi no pagination',
  '.remove + id + query id',
  '.update',
  '.update + $select',
  '.update + id + query',
  '.update + NotFound',
  '.update + NotFound (integer)',
  '.update + query + NotFound',
  '.update + id + query id',
  '.patch',
  '.patch + $select',
  '.patch + id + query',
  '.patch multiple',
  '.patch multiple no pagination',
  '.patch multi query same',
  '.patch multi query changed',
  '.patch + NotFound',
  '.patch + NotFound (integer)',
  '.patch + query + NotFound',
  '.patch + id + query id',
  '.create',
  '.create + $select',
  '.create multi',
  '.create ignores query',
  'internal .find',
  'internal .get',
  'internal .create',
  'internal .update',
  'internal .patch',
  'internal .remove',
  '.find + equal',
  '.find + equal multiple',
  '.find + $sort',
  '.find + $sort + string',
  '.find + $limit',
  '.find + $limit 0',
  '.find + $skip',
  '.find + $select',
  '.find + $or',
  '.find + $in',
  '.find + $nin',
  '.find + $lt',
  '.find + $lte',
  '.find + $gt',
  '.find + $gte',
  '.find + $ne',
  '.find + $gt + $lt + $sort',
  '.find + $or nested + $sort',
  '.find + $and',
  '.find + $and + $or',
  'params.adapter + paginate',
  'params.adapter + multi',
  '.find + paginate',
  '.find + paginate + query',
  '.find + paginate + $limit + $skip',
  '.find + paginate + $limit 0',
  '.find + paginate + params',
] as Parameters<typeof adapterTests>[0];

/** How many tests the suite has per service. */
const EXPECTED_PASSES = 79;

const passed = new Map<string, number>();

// Mocha's globals, backed by vitest; `it` also counts passes per service for the summary.
const countingIt = Object.assign(
  (name: string, runner: () => unknown) => {
    it(name, async () => {
      await runner();
      const service = /Adapter tests for '([^']+)' service/.exec(expect.getState().currentTestName ?? '')?.[1] ?? '?';
      passed.set(service, (passed.get(service) ?? 0) + 1);
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
  return { ...params, adapter: { ...params.adapter, multi: toOurs(params.adapter.multi) } };
}

function shim(service: AdapterService, hooked: HookedService<AdapterService>) {
  const config = service.options;
  const options = {
    get multi() {
      return toTheirs(config.multi);
    },
    set multi(value: FeathersMulti) {
      config.multi = toOurs(value);
    },
    get paginate() {
      return config.paginate;
    },
    set paginate(value: MemoryServiceOptions['paginate']) {
      config.paginate = value;
    },
  };
  const methods = (target: AdapterService | HookedService<AdapterService>) => ({
    find: (p?: Params) => feathers(() => target.index(ourParams(p))),
    get: (id: Id, p?: Params) => feathers(() => target.read(id, ourParams(p))),
    create: (data: Row | Row[], p?: Params) => feathers(() => target.create(data, ourParams(p))),
    update: (id: Id, data: Row, p?: Params) => feathers(() => target.update(id, data, ourParams(p))),
    patch: (id: Id, data: Row, p?: Params) => feathers(() => target.modify(id, data, ourParams(p))),
    remove: (id: Id, p?: Params) => feathers(() => target.remove(id, ourParams(p))),
  });
  const raw = methods(service);
  return {
    id: service.id,
    options,
    events: ['testing'],
    ...methods(hooked),
    _find: raw.find,
    _get: raw.get,
    _create: raw.create,
    _update: raw.update,
    _patch: raw.patch,
    _remove: raw.remove,
  };
}

/**
 * Registers the suite for every service of `services` (name → service, mounted at `/<name>` of a
 * fresh App; the suite uses each service's `id` field), plus a summary test that each passed all 79.
 * `label` names the summary (e.g. the driver).
 */
export function runAdapterSuite(label: string, services: Record<string, AdapterService>): void {
  const app = new App();
  const shims = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, shim(service, app.use(`/${name}`, service))]));
  const feathersApp = { service: (name: string) => shims[name] };
  for (const [name, service] of Object.entries(services)) adapterTests(ADAPTER_TESTS)(feathersApp, {}, name, service.id);

  describe(`Feathers adapter suite summary (${label})`, () => {
    it(`passes all ${EXPECTED_PASSES} tests for each service`, () => {
      const summary = Object.keys(services)
        .map((name) => `${name}: ${passed.get(name) ?? 0}/${EXPECTED_PASSES}`)
        .join(', ');
      console.log(`Feathers adapter tests passed (${label}) — ${summary}`);
      for (const name of Object.keys(services)) expect(passed.get(name) ?? 0, name).toBe(EXPECTED_PASSES);
    });
  });
}
