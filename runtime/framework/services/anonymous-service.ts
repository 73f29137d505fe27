import { Service } from './service.ts';
import type { Page } from './page.ts';
import type { ServiceParams } from './service-params.ts';

type Maybe<T> = T | Promise<T>;

/** The functions of an AnonymousService; each is optional, sync or async. */
export interface AnonymousServiceMethods<Id, Data> {
  /** Lists records. */
  index?: (params?: ServiceParams) => Maybe<Data[] | Page<Data>>;
  /** Reads one record. */
  read?: (id: Id | null, params?: ServiceParams) => Maybe<Data>;
  /** Creates a record. */
  create?: (data: Data, params?: ServiceParams) => Maybe<Data>;
  /** Merges into a record. */
  modify?: (id: Id | null, data: Data, params?: ServiceParams) => Maybe<Data>;
  /** Replaces a record. */
  update?: (id: Id | null, data: Data, params?: ServiceParams) => Maybe<Data>;
  /** Removes a record. */
  remove?: (id: Id | null, params?: ServiceParams) => Maybe<Data>;
}

/** A service made of plain functions; the methods not given answer 405 like the base Service. */
export class AnonymousService<Id = string, Data = Record<string, unknown>> extends Service<Id, Data> {
  /** Creates a service from `methods`. */
  constructor(private readonly methods: AnonymousServiceMethods<Id, Data>) {
    super();
  }

  /** Calls the given `index`, or answers 405. */
  override async index(params?: ServiceParams): Promise<Data[] | Page<Data>> {
    return this.methods.index ? this.methods.index(params) : super.index(params);
  }

  /** Calls the given `read`, or answers 405. */
  override async read(id: Id | null, params?: ServiceParams): Promise<Data> {
    return this.methods.read ? this.methods.read(id, params) : super.read(id, params);
  }

  /** Calls the given `create`, or answers 405. */
  override async create(data: Data, params?: ServiceParams): Promise<Data> {
    return this.methods.create ? this.methods.create(data, params) : super.create(data, params);
  }

  /** Calls the given `modify`, or answers 405. */
  override async modify(id: Id | null, data: Data, params?: ServiceParams): Promise<Data> {
    return this.methods.modify ? this.methods.modify(id, data, params) : super.modify(id, data, params);
  }

  /** Calls the given `update`, or answers 405. */
  override async update(id: Id | null, data: Data, params?: ServiceParams): Promise<Data> {
    return this.methods.update ? this.methods.update(id, data, params) : super.update(id, data, params);
  }

  /** Calls the given `remove`, or answers 405. */
  override async remove(id: Id | null, params?: ServiceParams): Promise<Data> {
    return this.methods.remove ? this.methods.remove(id, params) : super.remove(id, params);
  }
}
