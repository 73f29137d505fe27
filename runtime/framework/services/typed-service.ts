import { assignSafe } from '../objects/safe-keys.ts';
import type { RequestContext } from '../request-context.ts';
import type { Page } from './page.ts';
import { isPage } from './page.ts';
import type { PlainMap, Serializer } from './serializer.ts';
import { classSerializer } from './serializer.ts';
import { Service } from './service.ts';
import type { ServiceParams } from './service-params.ts';

/**
 * Wraps a map-based service so that callers work with class instances: inputs go through
 * `serializer.toMap`, results through `serializer.fromMap` (so `created_at` comes back as a Date).
 * Pass a class for the default serializer, or your own `{ toMap, fromMap }`.
 */
export class TypedService<Id, T extends object> extends Service<Id, T> {
  /** The conversion between instances and stored maps. */
  readonly serializer: Serializer<T>;

  /** Wraps `inner`, converting with `serializer` (or the default serializer of a class). */
  constructor(
    /** The map-based service that stores the data. */
    readonly inner: Service<Id, PlainMap>,
    serializer: Serializer<T> | (new () => T),
  ) {
    super();
    this.serializer = typeof serializer === 'function' ? classSerializer(serializer) : serializer;
  }

  /** The inner service's records (or page) as instances. */
  override async index(params?: ServiceParams): Promise<T[] | Page<T>> {
    const found = await this.inner.index(params);
    return isPage(found) ? { ...found, data: found.data.map(this.fromMap) } : found.map(this.fromMap);
  }

  /** One record as an instance. */
  override async read(id: Id | null, params?: ServiceParams): Promise<T> {
    return this.fromMap(await this.inner.read(id, params));
  }

  /** Stores `data`; returns the stored record as an instance. */
  override async create(data: T, params?: ServiceParams): Promise<T> {
    return this.fromMap(await this.inner.create(this.serializer.toMap(data), params));
  }

  /** Merges `data` (an instance or just some of its fields) into the record `id`. */
  override async modify(id: Id | null, data: T | Partial<T>, params?: ServiceParams): Promise<T> {
    return this.fromMap(await this.inner.modify(id, this.serializer.toMap(data as T), params));
  }

  /** Replaces the record `id` by `data`. */
  override async update(id: Id | null, data: T, params?: ServiceParams): Promise<T> {
    return this.fromMap(await this.inner.update(id, this.serializer.toMap(data), params));
  }

  /** Removes the record `id`; returns it as an instance. */
  override async remove(id: Id | null, params?: ServiceParams): Promise<T> {
    return this.fromMap(await this.inner.remove(id, params));
  }

  /** Ids are the inner service's. */
  override parseId(raw: string): Id | null {
    return this.inner.parseId(raw);
  }

  /** A REST body becomes an instance. */
  override readData(req: RequestContext): T {
    return this.serializer.fromMap(assignSafe({}, req.bodyAsMap));
  }

  /** Closes the inner service. */
  override close(): Promise<void> {
    return this.inner.close();
  }

  private readonly fromMap = (map: PlainMap): T => this.serializer.fromMap(map);
}
