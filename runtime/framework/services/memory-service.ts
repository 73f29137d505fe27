import { frameworkErrors } from '../errors/framework-errors.ts';
import type { Page } from './page.ts';
import { Service } from './service.ts';
import type { MultiMethod, PaginateOptions, QueryParams, QueryServiceOptions } from './query/paging.ts';
import { assertMulti, limitFor, paginationOf } from './query/paging.ts';
import { matches, select, sorter } from './query/query-match.ts';
import { splitQuery } from './query/query-split.ts';
import type { Row } from './record.ts';
import { recordCopy } from './record.ts';

/** Options of a MemoryService; changeable later through `service.options`. */
export interface MemoryServiceOptions extends QueryServiceOptions {
  /** The id field. Default `id`. */
  id?: string;
  /** The first generated id. Default 0. */
  startId?: number;
}

/** Params a MemoryService understands besides `query`. */
export type MemoryServiceParams = QueryParams;

/**
 * An in-memory service with the query language and pagination of the common JS CRUD-service
 * convention: `$limit`, `$skip`, `$sort`, `$select`, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`,
 * `$ne`, `$or`, `$and`. The query also constrains the by-id methods (a record that does not match is
 * a 404). Generated ids are numbers; lookups compare ids as strings, so `/people/3` finds id 3.
 */
export class MemoryService<Data extends Row = Row> extends Service<string | number, Data> {
  /** The options, read at every call, so they may be changed later. */
  readonly options: MemoryServiceOptions;
  /** The id field name. */
  readonly id: string;
  private readonly store = new Map<string, Data>();
  private nextId: number;

  /** Creates an empty service. */
  constructor(options: MemoryServiceOptions = {}) {
    super();
    this.options = { multi: false, ...options };
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
    if (id === null) throw frameworkErrors.replaceMultiple();
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
    return { ...this.options, ...params?.adapter };
  }

  private paginateFor(params: MemoryServiceParams | undefined): PaginateOptions | false {
    return paginationOf(this.options, params);
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
    if (!row || !matches(row, where)) throw frameworkErrors.recordNotFound(id);
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
