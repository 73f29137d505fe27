import { HttpException } from '../http-exception.ts';
import type { Page } from './page.ts';
import { Service } from './service.ts';
import type { ServiceParams } from './service-params.ts';
import type { QueryFilters } from './memory-query.ts';
import { recordCopy } from './record-copy.ts';
import { matches, select, sorter, splitQuery } from './memory-query.ts';

type Row = Record<string, unknown>;

/** Page sizes of a paginating MemoryService: `default` when the query has no `$limit`, never more than `max`. */
export interface PaginateOptions {
  /** Page size when the query has no `$limit`. */
  default?: number;
  /** Largest page size, whatever `$limit` asks for. */
  max?: number;
}

/** The methods that may work on several records at once. */
export type MultiMethod = 'create' | 'modify' | 'remove';

/** Options of a MemoryService; changeable later through `service.config`. */
export interface MemoryServiceOptions {
  /** The id field. Default `id`. */
  id?: string;
  /** The first generated id. Default 0. */
  startId?: number;
  /** Paginate `index` results; off by default. */
  paginate?: PaginateOptions | false;
  /** Allow array creates and modify/remove with a null id: `true` for all, or the methods listed. Default false. */
  multi?: boolean | MultiMethod[];
}

/** Params a MemoryService understands besides `query`. */
export interface MemoryServiceParams extends ServiceParams {
  /** Per-call pagination: `false` for a plain list. */
  paginate?: PaginateOptions | false;
  /** Per-call option overrides. */
  adapter?: Partial<MemoryServiceOptions>;
}

/**
 * An in-memory service with the query language and pagination of the common JS CRUD-service
 * convention: `$limit`, `$skip`, `$sort`, `$select`, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`,
 * `$ne`, `$or`, `$and`. The query also constrains the by-id methods (a record that does not match is
 * a 404). Generated ids are numbers; lookups compare ids as strings, so `/people/3` finds id 3.
 */
export class MemoryService<Data extends Row = Row> extends Service<string | number, Data> {
  /** The options, read at every call, so they may be changed later (`options` is taken: routers have an OPTIONS route method). */
  readonly config: MemoryServiceOptions;
  /** The id field name. */
  readonly id: string;
  private readonly store = new Map<string, Data>();
  private nextId: number;

  /** Creates an empty service. */
  constructor(options: MemoryServiceOptions = {}) {
    super();
    this.config = { multi: false, ...options };
    this.id = options.id ?? 'id';
    this.nextId = options.startId ?? 0;
  }

  /** Matching records, sorted, skipped, limited and selected; a Page when paginating. */
  override async index(params?: MemoryServiceParams): Promise<Data[] | Page<Data>> {
    const paginate = this.paginateFor(params);
    const page = this.search(params, paginate);
    return paginate ? page : page.data;
  }

  /** The record `id`, if it matches the query; else 404. */
  override async read(id: string | number | null, params?: MemoryServiceParams): Promise<Data> {
    const { filters, where } = splitQuery(params?.query);
    return select(this.copy(this.mustFind(id, where)), filters.$select, this.id);
  }

  /** Stores `data` (a list when multi allows), with its own id or a generated one. */
  override create(data: Data, params?: MemoryServiceParams): Promise<Data>;
  override create(data: Data[], params?: MemoryServiceParams): Promise<Data[]>;
  override async create(data: Data | Data[], params?: MemoryServiceParams): Promise<Data | Data[]> {
    const { filters } = splitQuery(params?.query);
    if (Array.isArray(data)) {
      this.assertMulti('create', params);
      return data.map((one) => select(this.insert(one), filters.$select, this.id));
    }
    return select(this.insert(data), filters.$select, this.id);
  }

  /** Merges `data` into the record `id`, or (null id, multi) into every record matching the query. */
  override modify(id: string | number, data: Partial<Data>, params?: MemoryServiceParams): Promise<Data>;
  override modify(id: null, data: Partial<Data>, params?: MemoryServiceParams): Promise<Data[]>;
  override async modify(id: string | number | null, data: Partial<Data>, params?: MemoryServiceParams): Promise<Data | Data[]> {
    const { filters, where } = splitQuery(params?.query);
    const targets = id === null ? this.multiTargets('modify', where, params) : [this.mustFind(id, where)];
    const changes = this.copy(data as Data);
    delete changes[this.id];
    const modified = targets.map((old) => this.save({ ...old, ...changes }));
    return id === null ? modified.map((row) => select(row, filters.$select, this.id)) : select(modified[0], filters.$select, this.id);
  }

  /** Replaces the record `id` (which must match the query) by `data`, keeping its id. */
  override async update(id: string | number | null, data: Data, params?: MemoryServiceParams): Promise<Data> {
    if (id === null) throw HttpException.badRequest({ message: "You can not replace multiple instances. Did you mean 'modify'?" });
    const { filters, where } = splitQuery(params?.query);
    const old = this.mustFind(id, where);
    return select(this.save({ ...this.copy(data), [this.id]: old[this.id] }), filters.$select, this.id);
  }

  /** Removes the record `id`, or (null id, multi) every record matching the query; returns what was removed. */
  override remove(id: string | number, params?: MemoryServiceParams): Promise<Data>;
  override remove(id: null, params?: MemoryServiceParams): Promise<Data[]>;
  override async remove(id: string | number | null, params?: MemoryServiceParams): Promise<Data | Data[]> {
    const { filters, where } = splitQuery(params?.query);
    const targets = id === null ? this.multiTargets('remove', where, params) : [this.mustFind(id, where)];
    for (const row of targets) this.store.delete(String(row[this.id]));
    const removed = targets.map((row) => select(row, filters.$select, this.id));
    return id === null ? removed : removed[0];
  }

  private search(params: MemoryServiceParams | undefined, paginate: PaginateOptions | false): Page<Data> {
    const { filters, where } = splitQuery(params?.query);
    let rows = [...this.store.values()].filter((row) => matches(row, where));
    if (filters.$sort) rows.sort(sorter(filters.$sort));
    const total = rows.length;
    const skip = filters.$skip ?? 0;
    const limit = limitFor(filters, paginate);
    rows = rows.slice(skip, limit === undefined ? undefined : skip + limit);
    return { total, limit: limit ?? total, skip, data: rows.map((row) => select(this.copy(row), filters.$select, this.id)) };
  }

  private optionsFor(params: MemoryServiceParams | undefined): MemoryServiceOptions {
    return { ...this.config, ...params?.adapter };
  }

  private paginateFor(params: MemoryServiceParams | undefined): PaginateOptions | false {
    return paginationOf(this.config, params);
  }

  private assertMulti(method: MultiMethod, params: MemoryServiceParams | undefined): void {
    assertMulti(this.optionsFor(params).multi, method);
  }

  private multiTargets(method: MultiMethod, where: Row, params: MemoryServiceParams | undefined): Data[] {
    this.assertMulti(method, params);
    return [...this.store.values()].filter((row) => matches(row, where));
  }

  private mustFind(id: string | number | null, where: Row): Data {
    const row = id === null ? undefined : this.store.get(String(id));
    if (!row || !matches(row, where)) throw HttpException.notFound({ message: `No record found for ID ${id}` });
    return row;
  }

  private insert(data: Data): Data {
    const row = this.copy(data);
    const given = row[this.id];
    (row as Row)[this.id] = given === undefined || given === null ? this.nextId++ : given;
    return this.save(row);
  }

  private save(row: Data): Data {
    this.store.set(String(row[this.id]), row);
    return this.copy(row);
  }

  /** A JSON copy (see recordCopy): refuses what could not be sent back, and shares no state with callers. */
  private copy<T extends Row>(value: T): T {
    return recordCopy(value) as T;
  }
}

/** The page size of a query: its `$limit`, or when paginating the default size, capped at the maximum. */
export function limitFor(filters: QueryFilters, paginate: PaginateOptions | false): number | undefined {
  if (!paginate) return filters.$limit;
  const wanted = filters.$limit !== undefined && filters.$limit >= 0 ? filters.$limit : (paginate.default ?? 0);
  return Math.min(wanted, paginate.max ?? Number.MAX_SAFE_INTEGER);
}

/** The pagination of one call: `params.paginate` when given, else the options' (with `params.adapter`); false when off. */
export function paginationOf(options: Pick<MemoryServiceOptions, 'paginate'>, params: MemoryServiceParams | undefined): PaginateOptions | false {
  const paginate = params?.paginate !== undefined ? params.paginate : { ...options, ...params?.adapter }.paginate;
  return paginate && (paginate.default !== undefined || paginate.max !== undefined) ? paginate : false;
}

/** Throws 405 `Can not <method> multiple entries` unless `multi` allows `method`. */
export function assertMulti(multi: MemoryServiceOptions['multi'], method: MultiMethod): void {
  if (multi === true || (Array.isArray(multi) && multi.includes(method))) return;
  throw HttpException.methodNotAllowed({ message: `Can not ${method} multiple entries` });
}
