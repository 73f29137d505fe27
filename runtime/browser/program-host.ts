import type { App } from '../framework/app.ts';
import type { PgAssets, PgFile } from '../contract/pg-broker-protocol.ts';

/** What the page keeps for a program's PGlite (the program itself has no storage of its own). */
export interface PgHost {
  /** PGlite's wasm modules and file bundle, from the playground's build. */
  assets(): Promise<PgAssets>;
  /** A fresh data directory as a tar, made by the build: a new database starts from it, without initdb. */
  seed(): Promise<Blob>;
  /** Every file of the data directory `name` the page keeps (empty for a new database). */
  load(name: string): Promise<PgFile[]>;
  /** Stores changed files and removes deleted ones; resolves once the page has them (it stores them in order, later). */
  save(name: string, put: PgFile[], remove: string[]): Promise<void>;
}

/**
 * What the browser AppHttp needs from whatever runs the program: a place to register apps by origin.
 * The playground's server worker installs one; elsewhere there is none and startServer says so.
 */
export interface ProgramHost {
  /** Makes `app` the handler for requests to `origin` (e.g. `http://localhost:3000`). */
  listen(origin: string, app: App): void;
  /** Stops routing `origin` to its app. */
  unlisten(origin: string): void;
  /**
   * The program is busy with legitimate slow work (opening a database) for up to `ms` more
   * milliseconds; 0 when it is done. The kill switch holds off meanwhile, within a cap the page sets.
   */
  busy?(ms: number): void;
  /** Storage and assets for PGlite, kept by the page. */
  pg?: PgHost;
}

let current: ProgramHost | null = null;

/** Installs the host that AppHttp registers apps with (called once by the server worker). */
export function setProgramHost(host: ProgramHost | null): void {
  current = host;
}

/** The installed host, or null outside the playground. */
export function programHost(): ProgramHost | null {
  return current;
}

/** Tells the host (if any) that the program is busy for up to `ms` more milliseconds (0: done). */
export function reportBusy(ms: number): void {
  current?.busy?.(ms);
}
