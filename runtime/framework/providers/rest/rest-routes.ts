import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { Handler } from '../../handler.ts';
import { parseNestedQuery } from '../../query/nested-query.ts';
import type { RequestContext } from '../../request-context.ts';
import type { ResponseContext } from '../../response-context.ts';
import type { MountedService } from '../../routing/router.ts';
import { Router } from '../../routing/router.ts';
import { HookedService } from '../../services/hooked-service.ts';
import { classMiddleware, methodMiddleware } from '../../services/middleware.ts';
import { Providers } from '../../services/providers.ts';
import { Service } from '../../services/service.ts';
import type { AnyService } from '../../services/service-shape.ts';
import type { ServiceMethod } from '../../services/service-event.ts';
import type { ServiceParams } from '../../services/service-params.ts';
import { traceServiceCall } from '../../tracing/traced-service.ts';

/** The params of a REST call: the bracket-syntax query, the REST provider, then what middleware added. */
function restParams(req: RequestContext): ServiceParams {
  // `?age[$gt]=30&$sort[name]=1` as nested objects, within the App's limits; req.query stays the flat map.
  const query = parseNestedQuery(req.queryString, req.limits);
  return { query, provider: Providers.rest, ...req.serviceParams };
}

/**
 * The REST provider: the routes of a mounted service, relative to where `use` mounts it. First the
 * service's own routes (added with `this.get(…)`, or a `routes` Router it gives itself) behind its
 * class middleware, then the REST endpoints, each after the class middleware and the middleware of
 * the method it calls. The App builds them when it starts serving.
 */
export function restRoutes(mounted: MountedService, path: string): Router {
  const router = new Router();
  if (!(mounted instanceof HookedService)) return router;
  const hooked = mounted as HookedService<AnyService>;
  const inner = hooked.inner;
  /** How traces name the service: its mount path without slashes (`todos`, `api/todos`). */
  const name = path.replace(/^\/+|\/+$/g, '');
  if (inner instanceof Service) router.mount('', Service.ownRoutes(inner), classMiddleware(inner));
  const given = (inner as { routes?: unknown }).routes;
  if (given instanceof Router) router.mount('', given, classMiddleware(inner));
  const middleware = (method: ServiceMethod): Handler[] => [...classMiddleware(inner), ...methodMiddleware(inner, method)];
  const route = (method: ServiceMethod, withId: boolean, withBody: boolean, status = 200): Handler => {
    return async (req, res) => {
      if (withBody) await req.parseBody();
      const id = withId ? inner.parseId(req.params.id) : null;
      const data = withBody ? inner.readData(req) : undefined;
      const params = restParams(req);
      const call = { id, data, params, request: req, response: res };
      const trace = req.trace;
      const result = trace
        ? await traceServiceCall(trace, `${name}.${method}`, traceDetail(withId, id, params), () => hooked.call(method, call))
        : await hooked.call(method, call);
      send(res, result, status);
    };
  };
  const notFound: Handler = () => {
    throw frameworkErrors.routeNotFound();
  };
  // Named for traces: a minified build would otherwise show its own short name.
  Object.defineProperty(notFound, 'name', { value: 'notFound' });

  return router
    .get('/', route('index', false, false), middleware('index'))
    .post('/', route('create', false, true, 201), middleware('create'))
    .get('/:id', route('read', true, false), middleware('read'))
    .patch('/:id', route('modify', true, true), middleware('modify'))
    .post('/:id', route('update', true, true), middleware('update'))
    .put('/:id', route('update', true, true), middleware('update'))
    .delete('/', route('remove', false, false), middleware('remove'))
    .delete('/:id', route('remove', true, false), middleware('remove'))
    .put('/', notFound)
    .patch('/', notFound);
}

/** What a trace shows of a call: its id (when the route has one), how it came (`via`) and its query. */
function traceDetail(withId: boolean, id: unknown, params: ServiceParams): Record<string, unknown> {
  const shown = { via: params.provider?.via, query: params.query };
  return withId ? { id, ...shown } : shown;
}

function send(res: ResponseContext, result: unknown, status: number): void {
  // A listener may already have answered (e.g. redirected); its response stands.
  if (res.closed) return;
  if (status !== 200) res.statusCode = status;
  res.json(result ?? null);
}
