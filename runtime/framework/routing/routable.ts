import type { Handler } from '../handler.ts';

/**
 * The routable base (spec rule 6): route registration only. `Router` and `Service` both extend it,
 * so a service can add its own routes (`this.get('/count', …)`) in its constructor. It knows
 * nothing of services or apps; each subclass decides where `addRoute` keeps a route.
 */
export abstract class Routable {
  /** Adds a route for `method` (`*` for any) at `path`, run after `middleware`. */
  abstract addRoute(method: string, path: string, handler: Handler, middleware?: Handler[]): this;

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

  /** Adds a route that answers every method. */
  all(path: string, handler: Handler, middleware?: Handler[]): this {
    return this.addRoute('*', path, handler, middleware);
  }
}
