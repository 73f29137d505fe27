import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { App } from '../../app.ts';
import { Providers } from '../../services/providers.ts';
import type { ServiceMethod } from '../../services/service-event.ts';
import { callThroughApp } from '../service-call.ts';
import type { TraceScope } from '../../tracing/tracer.ts';

/** What every GraphQL resolver gets as its context: the app and the HTTP request's headers. */
export interface GraphQLContext {
  /** The app whose services the schema exposes. */
  app: App;
  /** Headers of the HTTP request (lower-case names), passed on to the service call's middleware. */
  headers: Record<string, string>;
  /** The HTTP request's client address, passed on as the service call's `req.remoteAddress`. */
  remoteAddress?: string;
  /** The trace of the HTTP request, when it is traced: the service calls of the resolvers are recorded in it. */
  trace?: TraceScope;
}

/** Arguments the resolvers read: `id`, `data`, `query` (a JSON object, as REST's parsed query string). */
export interface ServiceArgs {
  id?: unknown;
  data?: unknown;
  query?: Record<string, unknown>;
}

/** A graphql-js field resolver that calls one method of a service. */
export type ServiceResolver = (source: unknown, args: ServiceArgs, context: GraphQLContext) => Promise<unknown>;

/**
 * A resolver calling `method` of `service` — a mounted service (what `app.use` returned, or the
 * service given to it) or its mount path — through the app exactly as REST would (middleware,
 * hooks), with `provider: Providers.graphql`. Errors are the HttpExceptions REST would answer.
 */
export function resolveMethod(service: object | string, method: ServiceMethod): ServiceResolver {
  return (_source, args, context) => {
    const path = typeof service === 'string' ? service : pathOf(context.app, service);
    return callThroughApp(
      context.app,
      { service: path, method, id: args.id, data: args.data, query: args.query },
      { provider: Providers.graphql, remoteAddress: context.remoteAddress },
      context.headers,
      context.trace,
    );
  };
}

/** A resolver for `index` (args: `query`). */
export const resolveIndex = (service: object | string): ServiceResolver => resolveMethod(service, 'index');
/** A resolver for `read` (args: `id`, `query`). */
export const resolveRead = (service: object | string): ServiceResolver => resolveMethod(service, 'read');
/** A resolver for `create` (args: `data`, `query`). */
export const resolveCreate = (service: object | string): ServiceResolver => resolveMethod(service, 'create');
/** A resolver for `modify` (args: `id`, `data`, `query`). */
export const resolveModify = (service: object | string): ServiceResolver => resolveMethod(service, 'modify');
/** A resolver for `update` (args: `id`, `data`, `query`). */
export const resolveUpdate = (service: object | string): ServiceResolver => resolveMethod(service, 'update');
/** A resolver for `remove` (args: `id`, `query`). */
export const resolveRemove = (service: object | string): ServiceResolver => resolveMethod(service, 'remove');

/** The mount path of `service` (the hooked service `use` returned, or the one given to it). */
function pathOf(app: App, service: object): string {
  for (const [path, mounted] of app.services()) if (mounted === service || mounted.inner === service) return path;
  throw frameworkErrors.resolverServiceNotMounted();
}
