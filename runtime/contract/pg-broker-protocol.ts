/**
 * What a program's PGlite asks the page for: the program runs in an opaque-origin sandbox with no
 * storage and no network, so the page hands in PGlite's files and keeps the database's files for it.
 */

/**
 * Where a PgService without a `database` option keeps its data in the playground: PGlite, whose files the page keeps
 * in its IndexedDB under the name `halo` (the program's sandbox has no storage).
 */
export const PLAYGROUND_PG_NAME = 'halo';

/** The URL of PLAYGROUND_PG_NAME, as a PgService names it. */
export const PLAYGROUND_PG_URL = `idb://${PLAYGROUND_PG_NAME}`;

/**
 * One file or directory of a PGlite data directory (a path relative to it), as the page stores it. A database made
 * from the build's seed stores only what differs from the seed: a row at PG_SEED_PATH names the seed, a changed or
 * new file is stored whole, a seed's file deleted is a tombstone (`removed`). A database with no such row is stored
 * whole (the format before, still read).
 */
export interface PgFile {
  path: string;
  mode: number;
  /** Modification time, epoch milliseconds. */
  mtime: number;
  /** The file's content; absent for a directory. */
  data?: ArrayBuffer;
  /** A file of the seed the database no longer has. */
  removed?: true;
  /** At PG_SEED_PATH: the seed's SHA-256 (hex). */
  seed?: string;
}

/**
 * The fields of a file that are stored (a seed's tombstone and the row naming the seed included), each of its type:
 * whatever else a message or a stored row carries is dropped.
 */
export function pgFileFields({ path, mode, mtime, data, removed, seed }: PgFile): PgFile {
  return {
    path: String(path),
    mode: Number(mode),
    mtime: Number(mtime),
    ...(data instanceof ArrayBuffer ? { data } : {}),
    ...(removed === true ? { removed } : {}),
    ...(typeof seed === 'string' ? { seed } : {}),
  };
}

/** The path of the row naming the seed a database's stored files are changes to (no data directory's path starts with `/`). */
export const PG_SEED_PATH = '/seed';

/**
 * PGlite's own files, from the playground's build: Blobs, which cross to a worker by reference, so the page hands the
 * same bytes to every program without a copy each.
 */
export interface PgAssets {
  pgliteWasm: Blob;
  initdbWasm: Blob;
  fsBundle: Blob;
}

/** A request of the program to the page: PGlite's assets and data files, and the optional packages' modules. */
export type PgCall =
  | { method: 'assets' }
  /** A fresh data directory as a tar (see pglite-seed-file.ts, a Blob), for a database with no stored files. */
  | { method: 'seed' }
  /** The source of an optional package's module (the worker's build leaves them out, see optional-modules.ts). */
  | { method: 'module'; name: 'pglite' | 'graphql' }
  | { method: 'load'; name: string }
  | { method: 'save'; name: string; put: PgFile[]; remove: string[] };

/** The page's answer to a PgCall: the value (assets, files, the seed, a module's source, or nothing for a save) or an error message. */
export type PgReply = { ok: true; value: PgAssets | PgFile[] | Blob | string | null } | { ok: false; message: string };

/** A statement a checks' copy runs on the learner's database (see ServerHost.serveDatabase), over its own port. */
export interface SharedPgQuery {
  id: number;
  sql: string;
  params: unknown[];
}

/** The answer to a SharedPgQuery: its rows, or the error with PostgreSQL's fields (`code`, `detail`, …). */
export type SharedPgAnswer =
  { id: number; ok: true; rows: Record<string, unknown>[] } | { id: number; ok: false; error: Record<string, string> };
