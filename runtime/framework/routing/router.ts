import type { Handler } from '../handler.ts';
import type { CompiledRoute } from './route-tree.ts';
import { joinPaths, parsePattern } from './path-pattern.ts';
import { Routable } from './routable.ts';
import type { SourceSite } from '../source-site.ts';
import { captureSite, middlewareSite } from '../source-site.ts';

/** A service as `use` keeps it (a HookedService): what app.close() closes and findService() finds. */
export interface MountedService {
  /** The unhooked service. */
  readonly inner: unknown;
  /** Releases what the service holds. */
  close(): Promise<void>;
}

/** What `use` mounts: a service, which turns itself into its mounted (hooked) form. */
export interface Mountable<M extends MountedService> {
  /** The mounted service: what `use` returns and keeps. */
  mount(): M;
}

/** Builds the routes of a mounted service (mounted at `path`), relative to that path: the App passes its REST provider. */
export type ServiceRoutes = (service: MountedService, path: string) => Router;

/** Every entry records where it was registered, for traces (see tracing/source-site.ts). */
interface RouteEntry {
  kind: 'route';
  method: string;
  path: string;
  handler: Handler;
  middleware: Handler[];
  site: SourceSite;
}

interface MountEntry {
  kind: 'mount';
  path: string;
  router: Router;
  middleware: Handler[];
  site: SourceSite;
}

interface ServiceEntry {
  kind: 'service';
  path: string;
  service: MountedService;
  site: SourceSite;
}

/** A handler of a route's chain with the site it counts as registered at. */
interface Layer {
  handler: Handler;
  site: SourceSite;
}

/** Collects routes, sub-routers, services and middleware in registration order. */
export class Router extends Routable {
  private readonly entries: (RouteEntry | MountEntry | ServiceEntry)[] = [];
  private frozen = false;

  /** Adds a route for `method` (`*` for any) at `path`, run after `middleware`. */
  override addRoute(method: string, path: string, handler: Handler, middleware: Handler[] = []): this {
    const upper = method.toUpperCase();
    if (this.refuseWhenFrozen(`${upper} ${joinPaths('', path)}`)) return this;
    parsePattern(path); // throw now, at the faulty call, rather than at server start
    this.entries.push({ kind: 'route', method: upper, path, handler, middleware: [...middleware], site: captureSite() });
    return this;
  }

  /** Adds an OPTIONS route. */
  options(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('OPTIONS', path, handler, middleware);
  }

  /** Adds a route for every method and path; registered last, it replaces the empty 404. */
  fallback(handler: Handler): this {
    return this.all('*', handler);
  }

  /** Mounts `router`'s routes under `path`, each run after `middleware`. */
  mount(path: string, router: Router, middleware: Handler[] = []): this {
    if (this.refuseWhenFrozen(`mount ${joinPaths('', path)}`)) return this;
    this.entries.push({ kind: 'mount', path, router, middleware: [...middleware], site: captureSite() });
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

  /** Mounts `service` at `path`, wrapped in hooks; returns the hooked service. The App serves its REST routes. */
  use<M extends MountedService>(path: string, service: Mountable<M>): M {
    const mounted = service.mount();
    if (this.refuseWhenFrozen(`use ${joinPaths('', path)}`)) return mounted;
    this.entries.push({ kind: 'service', path, service: mounted, site: captureSite() });
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
      if (entry.kind === 'service') yield [joinPaths(prefix, entry.path), entry.service];
      if (entry.kind === 'mount') yield* entry.router.services(joinPaths(prefix, entry.path));
    }
  }

  /** Stops this router and every router mounted in it from taking new routes. */
  protected freezeRoutes(): void {
    this.frozen = true;
    for (const entry of this.entries) if (entry.kind === 'mount') entry.router.freezeRoutes();
  }

  /**
   * Flattens every route, with prefixes and middleware applied, in registration order; `serviceRoutes`
   * gives each service's. `siteOfRoutes` stands for the sites of this router's own routes: the routes a
   * provider makes for a service count as registered where `use` mounted it.
   */
  protected flattenRoutes(
    serviceRoutes: ServiceRoutes,
    prefix = '',
    middleware: Layer[] = [],
    out: CompiledRoute<Handler>[] = [],
    siteOfRoutes: SourceSite | null = null,
  ): CompiledRoute<Handler>[] {
    for (const entry of this.entries) {
      const path = joinPaths(prefix, entry.path);
      if (entry.kind === 'mount') {
        entry.router.flattenRoutes(serviceRoutes, path, [...middleware, ...layers(entry.middleware, entry.site)], out);
      } else if (entry.kind === 'service') {
        serviceRoutes(entry.service, path).flattenRoutes(serviceRoutes, path, middleware, out, entry.site);
      } else {
        const site = siteOfRoutes ?? entry.site;
        const chain = [...middleware, ...layers(entry.middleware, site), { handler: entry.handler, site }];
        out.push({
          method: entry.method,
          path,
          handlers: chain.map((layer) => layer.handler),
          sites: chain.map((layer) => layer.site),
          order: out.length,
        });
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

/** `handlers` as layers registered at `site`, except `@Middleware` handlers, which keep their decorator's site. */
function layers(handlers: Handler[], site: SourceSite): Layer[] {
  return handlers.map((handler) => ({ handler, site: middlewareSite(handler) ?? site }));
}
