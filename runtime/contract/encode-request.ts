import type { FilePart, HttpRequest } from './http-request.ts';

/** A request ready for `fetch(url, { method, headers, body })`, with headers as ordered pairs for display. */
export interface FetchArgs {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string | FormData;
}

/** Joins the origin and a path (a missing leading slash is added, surrounding spaces dropped). */
export function requestUrl(origin: string, path: string): string {
  const trimmed = path.trim();
  return new URL(trimmed.startsWith('/') ? trimmed : `/${trimmed}`, origin).href;
}

/** Encodes fields as `application/x-www-form-urlencoded`. */
export function encodeFormFields(fields: [string, string][]): string {
  return new URLSearchParams(fields).toString();
}

/** Assembles a multipart body from text fields and files. */
export function multipartBody(parts: [string, string | FilePart][]): FormData {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value.content, value.filename);
  }
  return data;
}

/** The JSON body of a GraphQL request; variables that are not a JSON object cannot be sent. */
function graphqlBody(graphql: { query: string; variables: string }): string {
  let variables: unknown;
  if (graphql.variables.trim() !== '') {
    try {
      variables = JSON.parse(graphql.variables);
    } catch {
      throw new Error('the GraphQL variables are not valid JSON');
    }
    if (typeof variables !== 'object' || variables === null || Array.isArray(variables))
      throw new Error('the GraphQL variables must be a JSON object');
  }
  return JSON.stringify(variables === undefined ? { query: graphql.query } : { query: graphql.query, variables });
}

/** Whether `method` may carry a body (fetch refuses one on GET and HEAD). */
export function methodAllowsBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD';
}

function withContentType(headers: [string, string][], value: string): [string, string][] {
  return headers.some(([name]) => name.toLowerCase() === 'content-type') ? headers : [...headers, ['Content-Type', value]];
}

/**
 * The one encoder from a request to `fetch` arguments: encodes the body by its type and sets its
 * content type unless a header does; GET and HEAD send no body. Throws on GraphQL variables it cannot send.
 */
export function encodeRequest(request: HttpRequest, origin: string): FetchArgs {
  const encoded: FetchArgs = { url: requestUrl(origin, request.path), method: request.method.toUpperCase(), headers: request.headers };
  const body = request.body;
  if (!methodAllowsBody(request.method) || body.type === 'none') return encoded;
  switch (body.type) {
    case 'json':
      return { ...encoded, body: body.text, headers: withContentType(request.headers, 'application/json') };
    case 'graphql':
      return { ...encoded, body: graphqlBody(body), headers: withContentType(request.headers, 'application/json') };
    case 'text':
      return { ...encoded, body: body.text, headers: withContentType(request.headers, 'text/plain; charset=utf-8') };
    case 'form':
      return {
        ...encoded,
        body: encodeFormFields(body.fields),
        headers: withContentType(request.headers, 'application/x-www-form-urlencoded'),
      };
    case 'multipart':
      // fetch writes Content-Type with the body's boundary itself; a hand-set one would not match the body.
      return {
        ...encoded,
        body: multipartBody(body.parts),
        headers: request.headers.filter(([name]) => name.toLowerCase() !== 'content-type'),
      };
  }
}
