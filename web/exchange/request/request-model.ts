import type { BodyType, Method } from '../../../runtime/contract/http-request.ts';

/** Where requests go before the program has called `startServer` (the example's address). */
export const FALLBACK_ORIGIN = 'http://localhost:3000';

/** An editable name/value row (headers, form fields, multipart text fields). */
export interface FieldRow {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
}

/** A multipart row: a text field, or a file chosen with a file picker. */
export interface MultipartRow extends FieldRow {
  kind: 'text' | 'file';
  /** The chosen file (kept in memory only; recent requests remember just its name). */
  file: File | null;
}

/** The body types the panel offers: every one but raw `text` (the JSON editor sends any text). */
export type PanelBodyType = Exclude<BodyType, 'text'>;

/** What the request panel talks: HTTP requests, or WebSocket connections. */
type RequestMode = 'http' | 'websocket';

/** Everything the request panel edits. */
export interface RequestSpec {
  method: Method;
  /** Path and query, e.g. `/greet?lang=en`. */
  path: string;
  headers: FieldRow[];
  bodyType: PanelBodyType;
  json: string;
  form: FieldRow[];
  multipart: MultipartRow[];
  /** The GraphQL query of the `graphql` body. */
  graphql: string;
  /** The GraphQL variables (JSON text; empty for none). */
  variables: string;
  /** HTTP or WebSocket. */
  mode: RequestMode;
  /** The WebSocket path on the program's origin, e.g. `/ws`. */
  socketPath: string;
  /** The WebSocket message being composed (JSON text). */
  socketMessage: string;
}

/** Accept header presets: what a browser sends, what an API client sends, anything. */
export const ACCEPT_PRESETS = [
  { id: 'browser', label: 'browser (text/html)', value: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  { id: 'api', label: 'API (application/json)', value: 'application/json' },
  { id: 'any', label: '*/*', value: '*/*' },
] as const;

let nextRowId = 0;

/** Creates a row with a fresh id. */
export function newRow(name = '', value = ''): FieldRow {
  nextRowId += 1;
  return { id: `row-${Date.now().toString(36)}-${nextRowId}`, name, value, enabled: true };
}

/** Creates a multipart row with a fresh id. */
export function newMultipartRow(kind: MultipartRow['kind'] = 'text', name = '', value = ''): MultipartRow {
  return { ...newRow(name, value), kind, file: null };
}

/** The request the panel starts with: the example program's home page. */
export function defaultRequest(): RequestSpec {
  return {
    method: 'GET',
    path: '/',
    headers: [newRow('Accept', '*/*')],
    bodyType: 'none',
    json: '{\n  "name": "Ada"\n}',
    form: [newRow('name', 'Ada')],
    multipart: [newMultipartRow('text', 'name', 'Ada')],
    graphql: 'query ($q: JSON) {\n  todos(query: $q)\n}',
    variables: '{\n  "q": {}\n}',
    mode: 'http',
    socketPath: '/ws',
    socketMessage: '{ "id": 1, "call": "todos.create", "data": { "text": "Hello" } }',
  };
}

/** Sets the Accept row to `value`, adding the row when missing. */
export function withAccept(headers: FieldRow[], value: string): FieldRow[] {
  const index = headers.findIndex((h) => h.name.trim().toLowerCase() === 'accept');
  if (index === -1) return [...headers, newRow('Accept', value)];
  return headers.map((h, i) => (i === index ? { ...h, value, enabled: true } : h));
}

/** The value of the enabled Accept row, if any. */
export function acceptValue(headers: FieldRow[]): string | undefined {
  return headers.find((h) => h.enabled && h.name.trim().toLowerCase() === 'accept')?.value;
}
