/**
 * The one request shape of the playground: what the request panel, a lesson check and an `http` block
 * of a lesson send, before {@link encodeRequest} turns it into `fetch` arguments. Platform-neutral.
 */

/** The HTTP methods the request panel offers (and share links and stored requests may hold). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** One of {@link METHODS}. */
export type Method = (typeof METHODS)[number];

/**
 * How a body is encoded: `json` and `text` send their text, `form` URL-encodes fields, `multipart`
 * builds form data, `graphql` sends `{ query, variables }` as JSON. The panel offers all but `text`;
 * a check's `bodyType` all but `none` and `graphql`.
 */
export type BodyType = 'none' | 'json' | 'text' | 'form' | 'multipart' | 'graphql';

/** A file part of a multipart body. */
export interface FilePart {
  filename: string;
  content: Blob;
}

/** A request body by its {@link BodyType}. */
export type RequestBody =
  | { type: 'none' }
  | { type: 'json' | 'text'; text: string }
  | { type: 'form'; fields: [string, string][] }
  | { type: 'multipart'; parts: [string, string | FilePart][] }
  | { type: 'graphql'; query: string; variables: string };

/** A request to send to a program, relative to its origin. */
export interface HttpRequest {
  /** Any method; the encoder upper-cases it. */
  method: string;
  /** Path and query, e.g. `/greet?lang=en` (a missing leading slash is added). */
  path: string;
  /** Header pairs in order; a body's content type is added unless one of them sets it. */
  headers: [string, string][];
  body: RequestBody;
}
