/**
 * What a program's PGlite asks the page for: the program runs in an opaque-origin sandbox with no
 * storage and no network, so the page hands in PGlite's files and keeps the database's files for it.
 */

/** One file or directory of a PGlite data directory (a path relative to it). */
export interface PgFile {
  path: string;
  mode: number;
  /** Modification time, epoch milliseconds. */
  mtime: number;
  /** The file's content; absent for a directory. */
  data?: ArrayBuffer;
}

/** PGlite's own files, from the playground's build. */
export interface PgAssets {
  pgliteWasm: ArrayBuffer;
  initdbWasm: ArrayBuffer;
  fsBundle: ArrayBuffer;
}

/** A request of the program's PGlite to the page. */
export type PgCall =
  | { method: 'assets' }
  | { method: 'load'; name: string }
  | { method: 'save'; name: string; put: PgFile[]; remove: string[] };

/** The page's answer to a PgCall: the value (assets, files, or nothing for a save) or an error message. */
export type PgReply = { ok: true; value: PgAssets | PgFile[] | null } | { ok: false; message: string };
