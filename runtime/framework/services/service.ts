import { frameworkErrors, NO_RECORD_MATCHES } from '../errors/framework-errors.ts';
import { assignSafe } from '../objects/safe-keys.ts';
import type { RequestContext } from '../request-context.ts';
import type { Handler } from '../handler.ts';
import { Routable } from '../routing/routable.ts';
import { Router } from '../routing/router.ts';
import { HookedService } from './hooked-service.ts';
import type { Page } from './page.ts';
import { firstRecord } from './page.ts';
import type { ServiceParams } from './service-params.ts';

/**
 * A CRUD resource: plain data access. Every method takes an optional params map; the base versions
 * answer 405, so a subclass implements only what it supports. `app.use` wraps it in hooks and
 * exposes it through the providers (REST routes; WebSocket and GraphQL when configured). It is
 * routable (spec rule 6): routes it adds in its constructor (`this.get('/count', …)`) are served
 * under its mount path, behind its class middleware, before the REST routes.
 */
export class Service<Id = string, Data = Record<string, unknown>> extends Routable {
  // `#` keeps the list off the names a subclass may use for its own members.
  readonly #routes = new Router();

  /** The routes `service` added to itself (`this.get(…)`), relative to its mount path; the REST provider serves them. */
  static ownRoutes(service: Service<unknown, unknown>): Router {
    return service.#routes;
  }

  /** `null`, `undefined` and the string `"null"` mean "no id" (e.g. `DELETE /todos/null`); any other value becomes a string. */
  static toId(id: unknown): string | null {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any value may name a record; its String() is the id (spec)
    return id === null || id === undefined || id === 'null' ? null : String(id);
  }

  /** Lists records (a page of them when the service paginates). */
  async index(params?: ServiceParams): Promise<Data[] | Page<Data>> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** Reads the record `id`. */
  async read(id: Id | null, params?: ServiceParams): Promise<Data> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** Creates a record from `data`. */
  async create(data: Data, params?: ServiceParams): Promise<Data> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** Merges `data` into the record `id`. */
  async modify(id: Id | null, data: Data, params?: ServiceParams): Promise<Data> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** Replaces the record `id` with `data`. */
  async update(id: Id | null, data: Data, params?: ServiceParams): Promise<Data> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** Removes the record `id` (`null`: all records, where the service allows it) and returns it. */
  async remove(id: Id | null, params?: ServiceParams): Promise<Data> {
    throw frameworkErrors.methodNotAllowed();
  }

  /** The first record `index(params)` finds; 404 with `message` when there is none. */
  async findOne(params?: ServiceParams, message = NO_RECORD_MATCHES): Promise<Data> {
    return firstRecord(await this.index(params), message);
  }

  /** Reads every id in parallel; the results come in the order of `ids`. */
  readMany(ids: Id[], params?: ServiceParams): Promise<Data[]> {
    return Promise.all(ids.map((id) => this.read(id, params)));
  }

  /** Turns the `:id` path segment of a REST call into an id; override for non-string ids. */
  parseId(raw: string): Id | null {
    return Service.toId(raw) as Id | null;
  }

  /** The data of a REST create/modify/update, read from the parsed body; override to validate or convert. */
  readData(req: RequestContext): Data {
    // bodyAsMap throws for a body that is not a map; the copy reads the decoded object itself, not the map's proxy.
    void req.bodyAsMap;
    return assignSafe({}, req.bodyAsObject as object) as Data;
  }

  /** Releases what the service holds; `app.close()` calls it for every mounted service. */
  async close(): Promise<void> {}

  /** Adds a route under this service's mount path, run after its class middleware and then `middleware`. */
  override addRoute(method: string, path: string, handler: Handler, middleware?: Handler[]): this {
    this.#routes.addRoute(method, path, handler, middleware);
    return this;
  }

  /** Wraps this service in hooks; `app.use` calls it, and the App serves its REST routes. */
  mount(): HookedService<this> {
    return new HookedService(this);
  }
}
