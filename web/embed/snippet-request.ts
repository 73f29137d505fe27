import type { SnippetRequest } from '../../runtime/embed/snippet-protocol.ts';

/** A request as the page's API takes it: `"POST /greet"`, or its parts. */
export type RequestInput = string | { method?: string; path: string; headers?: Record<string, string> | [string, string][]; body?: string };

/** The content type a body without one is sent with: JSON when it reads as JSON, else plain text. */
function bodyType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain; charset=utf-8';
  }
}

/** `headers` with a content type for `body` added, unless one is there. */
function withBodyType(headers: [string, string][], body: string | undefined): [string, string][] {
  if (body === undefined || headers.some(([name]) => name.toLowerCase() === 'content-type')) return headers;
  return [...headers, ['content-type', bodyType(body)]];
}

/**
 * A request written as HTTP writes it: `METHOD /path` (or `METHOD /path HTTP/1.1`) on the first line, then `name: value` headers, then a
 * blank line and the body (`POST /greet\n\n{"name":"Ada"}`). A path alone is a GET; a body without a
 * content type is sent as JSON when it parses as JSON. Null when the first line is not a request line.
 */
export function parseRequestText(text: string): SnippetRequest | null {
  const [head, ...rest] = text
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  const [line = '', ...headerLines] = head.split('\n');
  // `GET /x HTTP/1.1`, as HTTP writes it (and as it is copied from a log or a .http file), is the same request.
  const match = /^(?:([A-Za-z]+)\s+)?(\/\S*)(?:\s+HTTP\/\d(?:\.\d)?)?$/i.exec(line.trim());
  if (!match) return null;
  const headers: [string, string][] = [];
  for (const headerLine of headerLines) {
    const colon = headerLine.indexOf(':');
    if (colon > 0) headers.push([headerLine.slice(0, colon).trim(), headerLine.slice(colon + 1).trim()]);
  }
  const body = rest.length > 0 ? rest.join('\n\n') : undefined;
  return { method: (match[1] ?? 'GET').toUpperCase(), path: match[2], headers: withBodyType(headers, body), body };
}

/** The request `input` names, or null when it names none. */
export function requestOf(input: RequestInput): SnippetRequest | null {
  if (typeof input === 'string') return parseRequestText(input);
  if (typeof input?.path !== 'string' || !input.path.startsWith('/')) return null;
  const headers = Array.isArray(input.headers) ? input.headers : Object.entries(input.headers ?? {});
  return { method: (input.method ?? 'GET').toUpperCase(), path: input.path, headers: withBodyType(headers, input.body), body: input.body };
}

/** The request's first line, as the snippet shows it. */
export function requestLine(request: SnippetRequest): string {
  return `${request.method} ${request.path}`;
}
