import { frameworkErrors } from '../errors/framework-errors.ts';
import qs from 'qs';
import type { App } from '../app.ts';
import { FetchRequestContext } from '../fetch/fetch-request-context.ts';
import { toResponse } from '../fetch/to-response.ts';
import { joinPaths } from '../routing/path-pattern.ts';
import { HttpException } from '../http-exception.ts';
import { ResponseContext } from '../response-context.ts';
import type { ServiceMethod } from '../services/service-event.ts';
import type { Providers } from '../services/providers.ts';

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
export const SERVICE_METHODS = Object.keys(HTTP_METHOD) as ServiceMethod[];

/** Headers of the client connection that must not travel into the call (they describe that connection or its body). */
const CONNECTION_HEADERS = /^(connection|upgrade|content-length|content-type|transfer-encoding|sec-websocket-.*)$/;

/**
 * Runs `call` through the app exactly as the REST route of that method would run it — routes
 * and `chain` middleware before the service, its @Middleware, its hooks, the error handler — with
 * `extra` (the provider, the connection…) in the service params. Resolves with the result;
 * rejects with the HttpException a REST client would have received.
 */
export async function callThroughApp(
  app: App,
  call: ServiceCall,
  extra: { provider: Providers } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const path = joinPaths('', String(call.service));
  if (!app.findService(path)) throw frameworkErrors.serviceNotMounted(path);
  if (!SERVICE_METHODS.includes(call.method)) throw frameworkErrors.unknownServiceMethod(call.method, SERVICE_METHODS);
  const request = new Request(callUrl(path, call), {
    method: HTTP_METHOD[call.method],
    headers: { ...withoutConnectionHeaders(headers), accept: 'application/json', 'content-type': 'application/json' },
    body: ['create', 'modify', 'update'].includes(call.method) ? JSON.stringify(call.data ?? {}) : undefined,
  });
  const req = new FetchRequestContext(request, app.bodyLimit);
  Object.assign(req.serviceParams, extra);
  const res = new ResponseContext();
  await app.handle(req, res);
  const response = toResponse(res, req.method);
  const text = await response.text();
  if (response.status >= 400) throw errorFromReply(response.status, text);
  return text === '' ? null : parseJson(text);
}

function callUrl(path: string, call: ServiceCall): string {
  const withId = call.method !== 'index' && call.method !== 'create';
  // `null` is the REST spelling of "no id" (`DELETE /todos/null` removes all, where allowed).
  // Dots are escaped too, or the URL parser would resolve an id `..` to the parent path.
  const id = withId ? `/${encodeURIComponent(call.id === undefined || call.id === null ? 'null' : String(call.id)).replace(/\./g, '%2E')}` : '';
  const query = call.query ? qs.stringify(call.query) : '';
  return `http://provider.halo${path}${id}${query ? `?${query}` : ''}`;
}

function withoutConnectionHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.test(name.toLowerCase())));
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
