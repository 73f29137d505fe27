/**
 * The four benchmark workloads, defined once: every server (raw node:http, Halo, fastify, hono,
 * express) answers them with the payload functions below, and the runner checks that the wire
 * output (status, media type, body) is the same everywhere before measuring anything.
 */

/** Body of the plain-text workload. */
export const HELLO_TEXT = 'Hello, world!';
/** Content type of text responses (Halo's default). */
export const TEXT_TYPE = 'text/plain; charset=utf-8';
/** Content type of JSON responses (what Halo sends). */
export const JSON_TYPE = 'application/json';

/** Route patterns, in each framework's `:param` syntax (all five share it). */
export const ROUTES = {
  text: '/hello',
  json: '/json',
  param: '/users/:id',
  post: '/echo',
} as const;

/** Object sent by the JSON workload. */
export function jsonPayload(): { message: string } {
  return { message: HELLO_TEXT };
}

/** Object sent by the path-parameter workload. */
export function paramPayload(id: string): { id: string; kind: string } {
  return { id, kind: 'user' };
}

/** Object sent back by the POST workload, built from the parsed request body. */
export function postPayload(body: Record<string, unknown>): { received: unknown; count: number } {
  return { received: body.name, count: Array.isArray(body.tags) ? body.tags.length : 0 };
}

/** The request body of the POST workload. */
export const POST_BODY = JSON.stringify({ name: 'halo', tags: ['fast', 'typed', 'small'], nested: { a: 1, b: [1, 2, 3] } });

/** One benchmark workload: the request to send and the response every server must give. */
export interface Workload {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  expected: { status: number; type: string; body: string };
}

/** The four workloads, in the order the tables print them. */
export const WORKLOADS: readonly Workload[] = [
  { name: 'plain-text hello', method: 'GET', path: '/hello', expected: { status: 200, type: TEXT_TYPE, body: HELLO_TEXT } },
  { name: 'JSON', method: 'GET', path: '/json', expected: { status: 200, type: JSON_TYPE, body: JSON.stringify(jsonPayload()) } },
  {
    name: 'path param',
    method: 'GET',
    path: '/users/42',
    expected: { status: 200, type: JSON_TYPE, body: JSON.stringify(paramPayload('42')) },
  },
  {
    name: 'JSON POST',
    method: 'POST',
    path: '/echo',
    body: POST_BODY,
    headers: { 'content-type': 'application/json' },
    expected: { status: 200, type: JSON_TYPE, body: JSON.stringify(postPayload(JSON.parse(POST_BODY))) },
  },
];
