import { frameworkErrors } from '../errors/framework-errors.ts';
import qs from 'qs';
import type { App } from '../app.ts';
import { joinPaths } from '../routing/path-pattern.ts';
import { HttpException } from '../http-exception.ts';
import { ResponseContext } from '../response-context.ts';
import type { ServiceMethod } from '../services/service-event.ts';
import type { Providers } from '../services/providers.ts';
import { Service } from '../services/service.ts';
import { decodedJsonBody } from '../body/parsed-body.ts';
import { CallRequestContext } from './call-request-context.ts';
import { TraceScope } from '../tracing/tracer.ts';

/** One service call a provider received from a client. */
export interface ServiceCall {
  /** The path the service is mounted at, without slashes around it (`todos`, `api/todos`). */
  service: string;
  /** The method to call. */
  method: ServiceMethod;
  /** The record id (read, modify, update, remove); absent or null for "no id". */
  id?: unknown;
  /** The data of create, modify and update. */
  data?: unknown;
  /** The query, in the shape the REST query string parses to (`{ age: { $gt: 30 } }`). */
  query?: Record<string, unknown>;
}

/** What a provider adds to a call: its `via` and whatever else goes into the service params; the client's address apart. */
type CallExtra = { provider: Providers; remoteAddress?: string } & Record<string, unknown>;

/** The HTTP method of each service method's REST route. */
const HTTP_METHOD: Readonly<Record<ServiceMethod, string>> = {
  index: 'GET',
  read: 'GET',
  create: 'POST',
  modify: 'PATCH',
  update: 'PUT',
  remove: 'DELETE',
};

/** Every method a client may call. */
const SERVICE_METHODS = Object.keys(HTTP_METHOD) as ServiceMethod[];

/** Headers of the client connection that must not travel into the call (they describe that connection or its body). */
const CONNECTION_HEADERS = /^(connection|upgrade|content-length|content-type|transfer-encoding|sec-websocket-.*)$/;

/** The methods whose call carries data (a body, as their REST route would). */
const WITH_DATA: ReadonlySet<ServiceMethod> = new Set(['create', 'modify', 'update']);

/**
 * Runs `call` through the app exactly as the REST route of that method would run it — routes
 * and `chain` middleware before the service, its @Middleware, its hooks, the error handler — with
 * `extra` (the provider, the connection…) in the service params and `extra.remoteAddress` as the request's
 * `remoteAddress`. Resolves with the result;
 * rejects with the HttpException a REST client would have received. With `trace`, the call's steps
 * are recorded inside the step that scope is in (a GraphQL request's handler, or a WebSocket call's trace).
 */
export async function callThroughApp(
  app: App,
  call: ServiceCall,
  extra: CallExtra,
  headers: Record<string, string> = {},
  trace: TraceScope | null = null,
): Promise<unknown> {
  const { req, res } = prepareCall(app, call, extra, headers, undefined, trace);
  await app.handle(req, res);
  const text = replyText(res);
  return text === '' ? null : parseJson(text);
}

/** The JSON text a call's data was decoded from: `data` is a field of its top-level object; `bytes`, its UTF-8 length or more. */
export interface CallSource {
  text: string;
  bytes: number;
}

/**
 * callThroughApp, resolving with the result as JSON text (what `JSON.stringify` makes of the result callThroughApp
 * resolves with), so a provider that answers in JSON embeds it without decoding and encoding it again. With
 * `source`, the data is read as the body as it is when decoding it again could not differ (see decodedJsonBody).
 */
export async function callThroughAppAsJson(
  app: App,
  call: ServiceCall,
  extra: CallExtra,
  headers: Record<string, string>,
  source?: CallSource,
  trace: TraceScope | null = null,
): Promise<string> {
  const { req, res } = prepareCall(app, call, extra, headers, source, trace);
  await app.handle(req, res);
  const text = replyText(res);
  if (text === '') return 'null';
  // One json() call wrote it: already the text JSON.stringify would make of its parse.
  return res.jsonBody ? text : JSON.stringify(parseJson(text));
}

/** The request and response `call` runs as (throws the 404 of a service that is not mounted, the 400 of an unknown method). */
function prepareCall(
  app: App,
  call: ServiceCall,
  extra: CallExtra,
  headers: Record<string, string>,
  source: CallSource | undefined,
  trace: TraceScope | null,
): { req: CallRequestContext; res: ResponseContext } {
  const { remoteAddress, ...params } = extra;
  const path = mountedPath(app, call.service);
  if (!SERVICE_METHODS.includes(call.method)) throw frameworkErrors.unknownServiceMethod(call.method, SERVICE_METHODS);
  const withData = WITH_DATA.has(call.method);
  const decoded = withData && source ? decodedJsonBody(call.data ?? {}, source.text, source.bytes, app.limits, app.bodyLimit) : undefined;
  const body = withData && !decoded ? JSON.stringify(call.data ?? {}) : undefined;
  const req = new CallRequestContext(
    HTTP_METHOD[call.method],
    callTarget(path, call),
    headersOfCalls(headers),
    body,
    app.bodyLimit,
    decoded,
    remoteAddress,
  );
  Object.assign(req.serviceParams, params);
  if (trace) req.trace = new TraceScope(trace.tracer, trace.parent);
  return { req, res: new ResponseContext() };
}

/** What a REST client would read (no body on 204 and 304); throws the HttpException a REST client would get for a status of 400 and up. */
function replyText(res: ResponseContext): string {
  const text = res.statusCode === 204 || res.statusCode === 304 ? '' : res.body;
  if (res.statusCode >= 400) throw errorFromReply(res.statusCode, text);
  return text;
}

/**
 * The mount paths of the services clients called, per app: only names spelled as the path (`todos` for `/todos`)
 * and found mounted (a service stays mounted), so what a client can add is bounded by what the app mounted.
 */
const mountedPaths = new WeakMap<App, Map<string, string>>();

/** The path `service` is mounted at (`todos` → `/todos`); 404 when no service is mounted there. */
function mountedPath(app: App, service: string): string {
  let known = mountedPaths.get(app);
  const hit = known?.get(service);
  if (hit !== undefined) return hit;
  const path = joinPaths('', String(service));
  if (!app.findService(path)) throw frameworkErrors.serviceNotMounted(path);
  if (path === `/${service}`) {
    if (!known) mountedPaths.set(app, (known = new Map<string, string>()));
    known.set(service, path);
  }
  return path;
}

function callTarget(path: string, call: ServiceCall): string {
  const withId = call.method !== 'index' && call.method !== 'create';
  // `null` is the REST spelling of "no id" (`DELETE /todos/null` removes all, where allowed).
  // Dots are escaped too, or the URL parser would resolve an id `..` to the parent path.
  const id = withId ? `/${encodeURIComponent(Service.toId(call.id) ?? 'null').replace(/\./g, '%2E')}` : '';
  const query = call.query ? qs.stringify(call.query) : '';
  return `${path}${id}${query ? `?${query}` : ''}`;
}

/** The headers of calls made with a connection's headers, worked out once per connection (its headers never change). */
const callHeadersOf = new WeakMap<Record<string, string>, Readonly<Record<string, string>>>();

function headersOfCalls(headers: Record<string, string>): Readonly<Record<string, string>> {
  let callHeaders = callHeadersOf.get(headers);
  if (callHeaders) return callHeaders;
  const kept: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (!CONNECTION_HEADERS.test(lower)) kept[lower] = headers[name];
  }
  callHeaders = Object.freeze({ ...kept, accept: 'application/json', 'content-type': 'application/json' });
  callHeadersOf.set(headers, callHeaders);
  return callHeaders;
}

/** The error a REST client would have read: the JSON error body, or (a custom error handler's text) the text as the message. */
function errorFromReply(status: number, text: string): HttpException {
  const body = parseJson(text) as { message?: unknown; errors?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : text || `${status}`;
  const errors = Array.isArray(body?.errors) ? body.errors.map(String) : [];
  return new HttpException({ statusCode: status, message, errors });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
