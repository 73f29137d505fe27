import type { CheckFile, CheckRequest } from '../../lessons/lesson-format.ts';

/** Values captured by earlier steps of a check, by name. */
export type CaptureScope = Record<string, string>;

/** Replaces every `{{name}}` in `text` with the captured value; unknown names are left as they are. */
export function substitute(text: string, scope: CaptureScope): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => (name in scope ? scope[name] : whole));
}

/** Substitutes captured values into every string inside `value` (a request or an expectation). */
export function resolveStrings<T>(value: T, scope: CaptureScope): T {
  const deep = (item: unknown): unknown => {
    if (typeof item === 'string') return substitute(item, scope);
    if (Array.isArray(item)) return item.map(deep);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, deep(v)]));
    }
    return item;
  };
  return deep(value) as T;
}

/** Turns a check's request into a fetch() URL and init, encoding the body by its `bodyType`. */
export function toFetchArgs(request: CheckRequest, origin: string): { url: string; init: RequestInit } {
  const headers = new Headers(request.headers);
  const bodyType = request.bodyType ?? (typeof request.body === 'string' ? 'text' : 'json');
  const hasBody = request.body !== undefined;
  let body: BodyInit | undefined;
  if (bodyType === 'json') {
    if (hasBody || request.bodyType) setDefault(headers, 'content-type', 'application/json');
    if (hasBody) body = JSON.stringify(request.body);
  } else if (bodyType === 'form') {
    setDefault(headers, 'content-type', 'application/x-www-form-urlencoded');
    body = hasBody ? new URLSearchParams(fieldsOf(request)).toString() : '';
  } else if (bodyType === 'multipart') {
    // fetch writes the content-type with its boundary itself for FormData bodies.
    const form = new FormData();
    for (const [name, value] of Object.entries(fieldMap(request))) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.content], { type: value.contentType ?? 'text/plain' }), value.filename);
    }
    body = form;
  } else {
    setDefault(headers, 'content-type', 'text/plain; charset=utf-8');
    body = hasBody ? String(request.body) : '';
  }
  const url = new URL(request.path, origin.endsWith('/') ? origin : `${origin}/`).toString();
  return { url, init: { method: request.method.toUpperCase(), headers, body } };
}

function setDefault(headers: Headers, name: string, value: string): void {
  if (!headers.has(name)) headers.set(name, value);
}

function fieldMap(request: CheckRequest): Record<string, string | CheckFile> {
  const body = request.body;
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`A ${request.bodyType} body must be a map of fields, not ${JSON.stringify(body)}.`);
  }
  return body as Record<string, string | CheckFile>;
}

function fieldsOf(request: CheckRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(fieldMap(request))) {
    if (typeof value !== 'string') throw new Error(`Form field "${name}" must be a string; send files with bodyType "multipart".`);
    fields[name] = value;
  }
  return fields;
}
