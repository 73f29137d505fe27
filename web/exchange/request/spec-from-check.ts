import type { CheckFile, CheckRequest } from '../../../runtime/course/format/check-format.ts';
import { defaultRequest, newMultipartRow, newRow, withAccept, type RequestSpec } from './request-model.ts';
import { METHODS, type Method } from '../../../runtime/contract/http-request.ts';
import { isCheckFile } from '../../../runtime/course/checks/check-request.ts';

function fieldEntries(body: CheckRequest['body']): [string, string | CheckFile][] {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.entries(body as Record<string, string | CheckFile>)
    : [];
}

/** The JSON value of a check's body: the value itself, or a string body's text parsed (undefined when it is not JSON). */
function jsonBodyOf(request: CheckRequest): unknown {
  if (typeof request.body !== 'string') return request.body;
  try {
    return JSON.parse(request.body);
  } catch {
    return undefined;
  }
}

/**
 * The GraphQL query and variables (as JSON text) of a request that is a GraphQL operation — a POST to a
 * `…/graphql` path whose JSON body has a `query` — or null for any other request.
 */
export function graphqlOfCheck(request: CheckRequest): { query: string; variables: string } | null {
  if (request.method.toUpperCase() !== 'POST' || !/\/graphql\/?(\?|$)/.test(request.path)) return null;
  if (request.bodyType === 'form' || request.bodyType === 'multipart') return null;
  const body = jsonBodyOf(request);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { query, variables } = body as { query?: unknown; variables?: unknown };
  if (typeof query !== 'string') return null;
  return { query, variables: variables === undefined ? '' : JSON.stringify(variables, null, 2) };
}

/**
 * The request panel's form of a check's request, so the learner can send what the check sends; a GraphQL
 * operation opens in the GraphQL body's editors.
 */
export function specFromCheck(request: CheckRequest): RequestSpec {
  const spec = defaultRequest();
  const method = request.method.toUpperCase();
  spec.method = (METHODS as readonly string[]).includes(method) ? (method as Method) : 'GET';
  spec.path = request.path;
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    spec.headers = name.toLowerCase() === 'accept' ? withAccept(spec.headers, value) : [...spec.headers, newRow(name, value)];
  }
  const bodyType = request.bodyType ?? (request.body === undefined ? undefined : typeof request.body === 'string' ? 'text' : 'json');
  const graphql = graphqlOfCheck(request);
  if (graphql) {
    spec.bodyType = 'graphql';
    spec.graphql = graphql.query;
    spec.variables = graphql.variables;
  } else if (bodyType === 'form') {
    spec.bodyType = 'form';
    spec.form = fieldEntries(request.body).map(([name, value]) => newRow(name, isCheckFile(value) ? value.content : value));
  } else if (bodyType === 'multipart') {
    spec.bodyType = 'multipart';
    spec.multipart = fieldEntries(request.body).map(([name, value]) => {
      if (!isCheckFile(value)) return newMultipartRow('text', name, value);
      // The panel keeps a chosen File; the check's file content becomes one, ready to send.
      const row = newMultipartRow('file', name);
      return { ...row, file: new File([value.content], value.filename, { type: value.contentType ?? 'text/plain' }) };
    });
  } else if (bodyType === 'json' || bodyType === 'text') {
    // The panel has no plain-text body: raw text goes in the JSON editor, with the check's own content-type row.
    spec.bodyType = 'json';
    const text = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    spec.json = bodyType === 'text' ? text : JSON.stringify(request.body ?? {}, null, 2);
  }
  return spec;
}
