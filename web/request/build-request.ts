import { methodAllowsBody, type FieldRow, type RequestSpec } from './request-model.ts';

/** A request ready for `fetch(url, init)`, with headers as ordered pairs for display and tests. */
export interface BuiltRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string | FormData;
}

/** Joins the origin and a path typed by the learner (a missing leading slash is added). */
export function requestUrl(origin: string, path: string): string {
  const trimmed = path.trim();
  return new URL(trimmed.startsWith('/') ? trimmed : `/${trimmed}`, origin).href;
}

/** The enabled rows that have a name. */
export function activeRows<T extends FieldRow>(rows: T[]): T[] {
  return rows.filter((r) => r.enabled && r.name.trim() !== '');
}

/** Encodes rows as `application/x-www-form-urlencoded`. */
export function encodeForm(rows: FieldRow[]): string {
  return new URLSearchParams(activeRows(rows).map((r) => [r.name.trim(), r.value])).toString();
}

/** Assembles the multipart body; a file row without a chosen file is sent as an empty file. */
export function buildMultipart(spec: RequestSpec): FormData {
  const data = new FormData();
  for (const row of activeRows(spec.multipart)) {
    if (row.kind === 'file') data.append(row.name.trim(), row.file ?? new File([], ''), row.file?.name ?? '');
    else data.append(row.name.trim(), row.value);
  }
  return data;
}

function hasHeader(headers: [string, string][], name: string): boolean {
  return headers.some(([n]) => n.toLowerCase() === name);
}

/** Turns the panel's spec into a fetch request: sets the body's content type unless a row sets it. */
export function buildRequest(spec: RequestSpec, origin: string): BuiltRequest {
  let headers: [string, string][] = activeRows(spec.headers).map((h) => [h.name.trim(), h.value]);
  const built: BuiltRequest = { url: requestUrl(origin, spec.path), method: spec.method, headers };
  if (!methodAllowsBody(spec.method) || spec.bodyType === 'none') return built;
  if (spec.bodyType === 'json' || spec.bodyType === 'graphql') {
    built.body = spec.bodyType === 'json' ? spec.json : graphqlBody(spec);
    if (!hasHeader(headers, 'content-type')) headers.push(['Content-Type', 'application/json']);
  } else if (spec.bodyType === 'form') {
    built.body = encodeForm(spec.form);
    if (!hasHeader(headers, 'content-type')) headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  } else {
    built.body = buildMultipart(spec);
    // The browser writes the boundary into Content-Type; a hand-set one would not match the body.
    headers = headers.filter(([n]) => n.toLowerCase() !== 'content-type');
    built.headers = headers;
  }
  return built;
}

/** The JSON body of a GraphQL request; variables that are not a JSON object cannot be sent. */
export function graphqlBody(spec: Pick<RequestSpec, 'graphql' | 'variables'>): string {
  let variables: unknown;
  if (spec.variables.trim() !== '') {
    try {
      variables = JSON.parse(spec.variables);
    } catch {
      throw new Error('the GraphQL variables are not valid JSON');
    }
    if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) throw new Error('the GraphQL variables must be a JSON object');
  }
  return JSON.stringify(variables === undefined ? { query: spec.graphql } : { query: spec.graphql, variables });
}
