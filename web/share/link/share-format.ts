import type { Method } from '../../../runtime/contract/http-request.ts';
import type { PanelBodyType } from '../../exchange/request/request-model.ts';
import type { Exercise } from '../../../runtime/course/exercises/exercise.ts';

/** The newest format version, which exercise links are written in; older versions keep decoding (see share-codec.ts). */
export const SHARE_VERSION = 3;

/** The version links without an exercise are written in: playgrounds from before exercises open them too. */
export const PROGRAM_SHARE_VERSION = 2;

/** The fragment key of a shared program: `#share=<version>.<data>`. */
export const SHARE_KEY = 'share';

/** Links longer than this may be cut by chat apps, mail clients and some servers: the UI warns. */
export const SHARE_WARN_LENGTH = 8_000;

/** A name/value row as shared: `[name, value, enabled]`. */
export type SharedRow = [name: string, value: string, enabled: boolean];

/** A multipart row as shared; a file row carries its file name and (small files only) its bytes. */
export type SharedPart =
  | { kind: 'text'; name: string; value: string; enabled: boolean }
  | { kind: 'file'; name: string; filename: string; type: string; base64: string | null; enabled: boolean };

/** The request of a shared program: only the active body is kept. */
export interface SharedRequest {
  method: Method;
  path: string;
  headers: SharedRow[];
  bodyType: PanelBodyType;
  json?: string;
  form?: SharedRow[];
  multipart?: SharedPart[];
  /** Version 2: the GraphQL query and variables of a `graphql` body. */
  graphql?: { query: string; variables: string };
  /** Version 2: a WebSocket request (the panel opens in WebSocket mode on this path, with this message). */
  socket?: { path: string; message: string };
}

/** Everything a share link carries. */
export interface SharedProgram {
  /** The lesson the program belongs to, or null in the free playground. */
  lesson: string | null;
  /** The program's files, path → source. */
  files: Record<string, string>;
  /** The request to send it. */
  request: SharedRequest;
  /** Version 3: an exercise whose starter is `files`. */
  exercise?: Omit<Exercise, 'starter'>;
}
