import { frameworkErrors } from '../errors/framework-errors.ts';
import { Service } from './service.ts';
import type { ServiceParams } from './service-params.ts';
import { assertEqualityQuery } from './query/query-shape.ts';
import { equalsQueryValue } from './query/query-value.ts';
import type { Row } from './record.ts';
import { recordCopy as copy } from './record.ts';

/** A record of a MapService: a plain map with string keys. */
export type MapData = Row;

/** Options of a MapService. */
export interface MapServiceOptions {
  /** Let `index` filter by the query (equality on every key). Default true. */
  allowQuery?: boolean;
  /** Let clients remove all records with `remove(null)` (`DELETE /` or `DELETE /null`). Default false. */
  allowRemoveAll?: boolean;
  /** Give records an `id` and timestamps. Default true. */
  autoIdAndDateFields?: boolean;
  /** Name the timestamps `created_at`/`updated_at` (true) or `createdAt`/`updatedAt` (false). Default true. */
  autoSnakeCaseNames?: boolean;
}

/**
 * An in-memory service of maps with string ids (`"0"`, `"1"`, … from a counter that never repeats).
 * Inputs are never mutated; every method returns a copy of what is stored.
 */
export class MapService extends Service<string, MapData> {
  /** The stored records, in insertion order. */
  readonly items: MapData[] = [];
  /** See MapServiceOptions. */
  readonly allowQuery: boolean;
  /** See MapServiceOptions. */
  readonly allowRemoveAll: boolean;
  /** See MapServiceOptions. */
  readonly autoIdAndDateFields: boolean;
  /** See MapServiceOptions. */
  readonly autoSnakeCaseNames: boolean;
  private nextId = 0;

  /** Creates an empty service. */
  constructor(options: MapServiceOptions = {}) {
    super();
    this.allowQuery = options.allowQuery ?? true;
    this.allowRemoveAll = options.allowRemoveAll ?? false;
    this.autoIdAndDateFields = options.autoIdAndDateFields ?? true;
    this.autoSnakeCaseNames = options.autoSnakeCaseNames ?? true;
  }

  /** `created_at` or `createdAt`. */
  get createdAtKey(): string {
    return this.autoSnakeCaseNames ? 'created_at' : 'createdAt';
  }

  /** `updated_at` or `updatedAt`. */
  get updatedAtKey(): string {
    return this.autoSnakeCaseNames ? 'updated_at' : 'updatedAt';
  }

  /** All records, or (with allowQuery) those whose fields equal every value of `params.query`. */
  override async index(params?: ServiceParams): Promise<MapData[]> {
    const query = this.allowQuery ? params?.query : undefined;
    const entries = query && typeof query === 'object' ? Object.entries(query) : [];
    if (query && typeof query === 'object') assertEqualityQuery(query);
    return this.items.filter((item) => entries.every(([key, value]) => key in item && equalsQueryValue(item[key], value))).map(copy);
  }

  /** The record `id`; 404 `No record found for ID <id>` when missing. */
  override async read(id: string | null, params?: ServiceParams): Promise<MapData> {
    return copy(this.items[this.indexOf(id)]);
  }

  /** Stores a copy of `data` with a new id and timestamps (when autoIdAndDateFields). */
  override async create(data: MapData, params?: ServiceParams): Promise<MapData> {
    return this.insert(data, this.autoIdAndDateFields ? this.generateId() : undefined);
  }

  /** Merges `data` into the record `id`; creates the record with that id when it is missing (a new id for `null`). */
  override async modify(id: string | null, data: MapData, params?: ServiceParams): Promise<MapData> {
    const i = this.find(id);
    if (i < 0) return id === null ? this.create(data, params) : this.insert(data, id);
    const old = this.items[i];
    return this.replace(i, { ...old, ...copy(data), ...this.keep(old) });
  }

  /** Replaces the record `id` by `data` (keeping `id` and the creation time); creates it when missing (a new id for `null`). */
  override async update(id: string | null, data: MapData, params?: ServiceParams): Promise<MapData> {
    const i = this.find(id);
    if (i < 0) return id === null ? this.create(data, params) : this.insert(data, id);
    return this.replace(i, { ...copy(data), ...this.keep(this.items[i]) });
  }

  /**
   * Removes the record `id` and returns it. `null` removes everything and returns `{}`, but only for
   * server-side calls (no `provider`) or when allowRemoveAll is set; clients get 403 otherwise.
   */
  override async remove(id: string | null, params?: ServiceParams): Promise<MapData> {
    if (Service.toId(id) === null) {
      if (!this.allowRemoveAll && params?.provider) throw frameworkErrors.removeAllForbidden();
      this.items.length = 0;
      return {};
    }
    const [removed] = this.items.splice(this.indexOf(id), 1);
    return copy(removed);
  }

  private find(id: string | null): number {
    const wanted = this.autoIdAndDateFields && id !== null ? String(id) : id;
    return id === null ? -1 : this.items.findIndex((item) => item.id !== null && item.id !== undefined && item.id === wanted);
  }

  private indexOf(id: string | null): number {
    const i = this.find(id);
    if (i < 0) throw frameworkErrors.recordNotFound(id);
    return i;
  }

  private insert(data: MapData, id: string | undefined): MapData {
    const item = copy(data);
    if (id !== undefined) item.id = id;
    if (this.autoIdAndDateFields) {
      const now = new Date().toISOString();
      item[this.createdAtKey] = now;
      item[this.updatedAtKey] = now;
    }
    this.items.push(item);
    return copy(item);
  }

  private replace(i: number, item: MapData): MapData {
    if (this.autoIdAndDateFields) item[this.updatedAtKey] = new Date().toISOString();
    this.items[i] = item;
    return copy(item);
  }

  /** The fields a modify or update never changes. */
  private keep(old: MapData): MapData {
    const kept: MapData = 'id' in old ? { id: old.id } : {};
    if (this.autoIdAndDateFields) kept[this.createdAtKey] = old[this.createdAtKey];
    return kept;
  }

  /** The next counter value not already used as an id (records created with a chosen id may hold one). */
  private generateId(): string {
    let id: string;
    do id = String(this.nextId++);
    while (this.find(id) >= 0);
    return id;
  }
}
