import type { Handler } from '../handler.ts';
import type { OnError } from '../pipeline.ts';
import { isPromiseLike, runPipeline } from '../pipeline.ts';
import type { RequestContext } from '../request-context.ts';
import type { ResponseContext } from '../response-context.ts';
import type { CompiledRoute, RouteHit } from '../routing/route-tree.ts';
import type { OpenStep, TraceScope } from './tracer.ts';
import type { TraceOutcome } from './trace-data.ts';

/**
 * Runs the pipeline of a traced request: the same handlers, in the same order, through the same
 * runPipeline, each wrapped to record its route, its verdict and its time. Routes an earlier handler
 * stopped before are recorded as skipped once the pipeline ends.
 */
export function runTracedPipeline(
  routes: readonly RouteHit<Handler>[],
  scope: TraceScope,
  req: RequestContext,
  res: ResponseContext,
  onError: OnError,
): void | Promise<void> {
  const top = scope.parent;
  const routeSteps: (OpenStep | null)[] = routes.map(() => null);
  const handlers: Handler[] = [];
  routes.forEach(({ route, params }, r) => {
    const last = route.handlers.length - 1;
    route.handlers.forEach((handler, h) => {
      handlers.push((rq, rs) => {
        const tracer = scope.tracer;
        const routeStep = (routeSteps[r] ??= beginRoute(scope, route, params, top));
        const role = h === last ? 'handler' : 'middleware';
        const step = tracer.begin(role, handler.name || role, routeStep, route.sites?.[h] ?? null);
        scope.parent = step;
        const done = (outcome: TraceOutcome): void => {
          scope.parent = top;
          if (outcome !== 'continue' || h === last)
            tracer.end(routeStep, outcome === 'threw' ? 'threw' : outcome === 'continue' ? 'done' : 'stop');
        };
        const threw = (error: unknown): never => {
          tracer.threw(step, error);
          done('threw');
          throw error;
        };
        const settle = (value: unknown): unknown => {
          const outcome = verdictOf(value, rs);
          tracer.end(step, outcome);
          done(outcome);
          return value;
        };
        let result: unknown;
        try {
          result = handler(rq, rs);
        } catch (error) {
          return threw(error);
        }
        return isPromiseLike(result) ? Promise.resolve(result).then(settle, threw) : settle(result);
      });
    });
  });
  const skipRest = (): void => {
    routes.forEach(({ route, params }, r) => {
      if (routeSteps[r]) return;
      scope.tracer.end(beginRoute(scope, route, params, top), 'skipped');
    });
  };
  const pending = runPipeline(handlers, 0, req, res, onError);
  if (!pending) return skipRest();
  return pending.then(skipRest);
}

/** A route's step: `GET /todos/:id` (`ALL` for a route of every method) with the params it matched. */
function beginRoute(
  scope: TraceScope,
  route: CompiledRoute<Handler>,
  params: Record<string, string> | null,
  parent: OpenStep | null,
): OpenStep {
  const method = route.method === '*' ? 'ALL' : route.method;
  return scope.tracer.begin('route', `${method} ${route.path || '/'}`, parent, null, params ? { params } : undefined);
}

/** What the pipeline does with a handler's return value (see applyResult), as a trace names it. */
function verdictOf(value: unknown, res: ResponseContext): TraceOutcome {
  if (res.closed) return 'stop';
  if (value === true) return 'continue';
  if (value === undefined || value === null || value === false) return 'stop';
  return 'sent';
}
