import type { Handler } from '../handler.ts';
import type { CompiledRoute } from './route-tree.ts';
import { joinPaths, parsePattern } from './path-pattern.ts';

/** A service as `use` keeps it (a HookedService): what app.close() closes and findService() finds. */
export interface MountedService {
  /** The unhooked service. */
  readonly inner: unknown;
  /** Releases what the service holds. */
  close(): Promise<void>;
}

/** What `use` mounts: a service, which turns itself into its mounted form and the routes of its REST provider. */
export interface Mountable<M extends MountedService> {
  /** The mounted service and its routes. */
  mount(): Mounting<M>;
}

/** What mounting a service yields. */
export interface Mounting<M extends MountedService> {
  /** What `use` returns and keeps (the hooked service). */
  service: M;
  /** Its routes, relative to the mount path. */
  routes: Router;
}

interface RouteEntry {
  kind: 'route';
  method: string;
  path: string;
  handler: Handler;
  middleware: Handler[];
}

interface MountEntry {
  kind: 'mount';
  path: string;
  router: Router;
  middleware: Handler[];
  /** Set when use() mounted a service here, so findService() can find it. */
  service?: MountedService;
}

/** The routable base: collects routes, sub-routers and middleware in registration order. */
export class Router {
  private readonly entries: (RouteEntry | MountEntry)[] = [];
  private frozen = false;

  /** Adds a route for `method` (`*` for any) at `path`, run after `middleware`. */
  addRoute(method: string, path: string, handler: Handler, middleware: Handler[] = []): this {
    const upper = method.toUpperCase();
    if (this.refuseWhenFrozen(`${upper} ${joinPaths('', path)}`)) return this;
    parsePattern(path); // throw now, at the faulty call, rather than at server start
    this.entries.push({ kind: 'route', method: upper, path, handler, middleware: [...middleware] });
    return this;
  }

  /** Adds a GET route. */
  get(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('GET', path, handler, middleware);
  }

  /** Adds a POST route. */
  post(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('POST', path, handler, middleware);
  }

  /** Adds a PUT route. */
  put(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('PUT', path, handler, middleware);
  }

  /** Adds a PATCH route. */
  patch(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('PATCH', path, handler, middleware);
  }

  /** Adds a DELETE route. */
  delete(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('DELETE', path, handler, middleware);
  }

  /** Adds a HEAD route (there is no automatic HEAD for GET routes). */
  head(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('HEAD', path, handler, middleware);
  }

  /** Adds an OPTIONS route. */
  options(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('OPTIONS', path, handler, middleware);
  }

  /** Adds a route that answers every method. */
  all(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('*', path, handler, middleware);
  }

  /** Adds a route for every method and path; registered last, it replaces the empty 404. */
  fallback(handler: Handler): this {
    return this.all('*', handler);
  }

  /** Mounts `router`'s routes under `path`, each run after `middleware`. */
  mount(path: string, router: Router, middleware: Handler[] = []): this {
    if (this.refuseWhenFrozen(`mount ${joinPaths('', path)}`)) return this;
    this.entries.push({ kind: 'mount', path, router, middleware: [...middleware] });
    return this;
  }

  /** Builds a sub-router with `define` and mounts it at `path`; `middleware` runs before each of its routes. */
  group(path: string, define: (router: Router) => void, middleware: Handler[] = []): this {
    const router = new Router();
    define(router);
    return this.mount(path, router, middleware);
  }

  /** Returns a router whose routes all run after `middleware`; chains nest (`chain([a]).chain([b])`). */
  chain(middleware: Handler[]): Router {
    const router = new Router();
    this.mount('', router, middleware);
    return router;
  }

  /** Mounts `service` at `path` as REST endpoints, wrapped in hooks; returns the hooked service. */
  use<M extends MountedService>(path: string, service: Mountable<M>): M {
    const { service: mounted, routes } = service.mount();
    if (this.refuseWhenFrozen(`use ${joinPaths('', path)}`)) return mounted;
    this.entries.push({ kind: 'mount', path, router: routes, middleware: [], service: mounted });
    return mounted;
  }

  /** The hooked service mounted with use() at `path` (slashes ignored), here or in a router mounted here. */
  findService(path: string): MountedService | undefined {
    const wanted = joinPaths('', path);
    for (const [at, service] of this.services()) if (at === wanted) return service;
    return undefined;
  }

  /** Every service mounted with use() here or below, with its full path (`/todos`), in registration order. */
  *services(prefix = ''): Generator<[string, MountedService]> {
    for (const entry of this.entries) {
      if (entry.kind !== 'mount') continue;
      const path = joinPaths(prefix, entry.path);
      if (entry.service) yield [path, entry.service];
      yield* entry.router.services(path);
    }
  }

  /** Stops this router and every router mounted in it from taking new routes. */
  protected freezeRoutes(): void {
    this.frozen = true;
    for (const entry of this.entries) if (entry.kind === 'mount') entry.router.freezeRoutes();
  }

  /** Flattens every route, with prefixes and middleware applied, in registration order. */
  protected flattenRoutes(prefix = '', middleware: Handler[] = [], out: CompiledRoute<Handler>[] = []): CompiledRoute<Handler>[] {
    for (const entry of this.entries) {
      const path = joinPaths(prefix, entry.path);
      if (entry.kind === 'mount') {
        entry.router.flattenRoutes(path, [...middleware, ...entry.middleware], out);
      } else {
        const handlers = [...middleware, ...entry.middleware, entry.handler];
        out.push({ method: entry.method, path, handlers, order: out.length });
      }
    }
    return out;
  }

  private refuseWhenFrozen(what: string): boolean {
    if (!this.frozen) return false;
    console.warn(`[halo] ${what} was added after the server started; it will never run. Add routes before startServer().`);
    return true;
  }
}
