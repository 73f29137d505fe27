/**
 * What a page with `<halo-snippet>` elements and the snippet frame (the playground's `web/embed/frame.html`)
 * say to each other. The page is a stranger's: every message it sends is checked here, by shape and size,
 * before the frame acts on it (read-to-frame.ts); the frame's answers are plain data the element shows as text.
 */
import type { PgFile } from '../contract/pg-broker-protocol.ts';

/** The first message, posted to the frame's window with the port every later message uses. */
export const CONNECT = 'halo-snippet-connect';

/** Version of this protocol; the frame refuses another. */
export const PROTOCOL_VERSION = 1;

/** The longest message (its JSON) the frame reads, in characters: twenty files of 50 KB, with room for checks. */
export const MAX_MESSAGE_CHARS = 1_200_000;

/** The longest response body the frame passes back, in characters (the rest is cut, and said so). */
export const MAX_BODY_CHARS = 200_000;

/** The longest time limit (a request's, or a program's start) a snippet may set, in milliseconds. */
export const MAX_TIME_LIMIT_MS = 120_000;

/**
 * What ends the id of a snippet's checks' copy (the snippet's id and this): the checks run on a fresh copy of the
 * program, so the page keeps none of its databases.
 */
export const CHECKS_COPY_SUFFIX = '-checks';

/** The most snippet databases the page keeps for the frame (the oldest used is dropped past it). */
export const MAX_KEPT_DATABASES = 6;

/** The most bytes of one kept snippet database (a fresh PGlite data directory is about 40 MB); a bigger one is not kept. */
export const MAX_KEPT_DATABASE_BYTES = 64 * 1024 * 1024;

/** A request a snippet sends to its program: the path is the program's (its origin is the program's first). */
export interface SnippetRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body?: string;
}

/**
 * A program this build's frame compiled, which the page keeps and hands back with a later run of the same files,
 * so that run need not compile: for browsers that deny a third-party frame its own storage (Chromium blocking
 * third-party cookies), where the frame's compile cache cannot keep anything. It runs in the sandbox like any
 * program of the page, so a page handing in another program gains nothing its own source could not do.
 */
export interface KeptBundle {
  code: string;
  id: string;
}

/**
 * A snippet database's files (PGlite's data directory, see PgFile) that the page keeps for the frame where the browser
 * denies the frame IndexedDB, and hands back after a reload. `name` is the frame's name for it. The page's data to
 * the frame: checked by shape and size, and a database that does not open is replaced by an empty one (said so).
 */
export interface KeptDatabase {
  name: string;
  files: PgFile[];
}

/** Every message the page may send over the port (`seq` numbers a question; the frame's answer echoes it). */
export type ToFrame =
  /** The databases the page kept for this build, sent once, before any run (see KeptDatabase). */
  | { type: 'databases'; databases: KeptDatabase[] }
  | { type: 'run'; id: string; seq: number; files: Record<string, string>; bundle?: KeptBundle; timeLimitMs?: number }
  | { type: 'send'; id: string; seq: number; request: SnippetRequest }
  | { type: 'checks'; id: string; seq: number; checks: unknown }
  | { type: 'stop'; id: string };

/** A response as the snippet shows it. */
export interface SnippetResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  /** True when the body was cut at MAX_BODY_CHARS. */
  truncated: boolean;
  /** Milliseconds from the frame passing the request on to the whole body. */
  ms: number;
}

/** A problem found while compiling a snippet's program. */
export interface SnippetDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** One check's outcome as the snippet shows it. */
export interface SnippetCheckResult {
  title: string;
  passed: boolean;
  /** Why the first failing step failed, in words. */
  failures: string[];
}

/** Every message the frame sends back over the port (`seq` echoes the page's request). */
export type FromFrame =
  /** `kept`: whether this browser lets the frame keep storage (its compile cache, databases) between visits. */
  | { type: 'hello'; version: number; build: string; kept: boolean }
  | { type: 'refused'; seq?: number; id?: string; reason: string }
  /** `note`: what the reader should know of this start (the kept database did not open, so it is empty). */
  | { type: 'ran'; id: string; seq: number; ok: true; origin: string; keep?: KeptBundle; note?: string }
  | { type: 'ran'; id: string; seq: number; ok: false; diagnostics: SnippetDiagnostic[]; message: string }
  | { type: 'response'; id: string; seq: number; response: SnippetResponse }
  | { type: 'checks'; id: string; seq: number; results: SnippetCheckResult[] }
  | { type: 'console'; id: string; level: string; text: string }
  /** The frame's files are kept for a visit with no network (frame-offline.ts): where the browser lets the frame keep them. */
  | { type: 'offline' }
  /** One change of a snippet database, in the order made, for the page to keep (only when the frame's storage is not kept). */
  | { type: 'keep-database'; name: string; put: PgFile[]; remove: string[] };
