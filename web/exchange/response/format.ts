/** The class of an HTTP status, which decides its colour. */
export type StatusClass = 'informational' | 'success' | 'redirect' | 'client-error' | 'server-error';

/** Maps a status code to its class. */
export function statusClass(status: number): StatusClass {
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'client-error';
  if (status >= 300) return 'redirect';
  if (status >= 200) return 'success';
  return 'informational';
}

const REASONS: Record<number, string> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  206: 'Partial Content',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase for a status: the one the server sent, else the standard one. */
export function statusText(status: number, sent = ''): string {
  return sent || REASONS[status] || '';
}

/** How a body is best shown. */
export type BodyKind = 'empty' | 'json' | 'html' | 'text' | 'binary';

/** Media types whose bytes would show as garbage if decoded as text. */
const BINARY_TYPE = /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|wasm)$/;

/** Picks how to show a body from its content type (and, for JSON, whether it parses). */
export function bodyKind(contentType: string, body: string): BodyKind {
  if (body === '') return 'empty';
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (BINARY_TYPE.test(type)) return 'binary';
  if ((type === 'application/json' || type.endsWith('+json')) && parseJson(body) !== undefined) return 'json';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  return 'text';
}

/** Parses JSON, or `undefined` when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Indents JSON text with two spaces; non-JSON text is returned unchanged. */
export function prettyJson(text: string): string {
  const value = parseJson(text);
  return value === undefined ? text : JSON.stringify(value, null, 2);
}

/** A one-line preview of a JSON value, shown next to a collapsed node. */
export function jsonSummary(value: unknown): string {
  if (Array.isArray(value)) return `Array(${value.length})`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).length} keys}`;
  return JSON.stringify(value);
}
