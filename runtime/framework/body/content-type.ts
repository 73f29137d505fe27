/** A parsed `Content-Type` header: the lower-case media type and its parameters. */
export interface MediaType {
  type: string;
  params: Record<string, string>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({});
/** What the header of nearly every JSON request parses to, built once: the search, trim and lower-casing are skipped. */
const PLAIN_JSON: MediaType = Object.freeze({ type: 'application/json', params: NO_PARAMS });

/** Parses `multipart/form-data; boundary="x"` into `{ type, params }`; a missing header gives type `''`. */
export function parseContentType(header: string | undefined): MediaType {
  if (!header) return { type: '', params: NO_PARAMS };
  if (header === 'application/json') return PLAIN_JSON;
  // Without parameters there is nothing to split.
  if (!header.includes(';')) return { type: header.trim().toLowerCase(), params: NO_PARAMS };
  const [type, ...rest] = header.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    params[key] = value;
  }
  return { type: type.trim().toLowerCase(), params };
}
