import type { PGliteOptions } from '@electric-sql/pglite';
import { PLAYGROUND_PG_URL, type PgFile } from '../contract/pg-broker-protocol.ts';
import { registerPgConnector, setDefaultPgUrl } from '../framework/services/pg/pg-databases.ts';
import type { PgDriver } from '../framework/services/pg/pg-driver.ts';
import { openPglite } from '../framework/services/pg/pglite-driver.ts';
import { optionalModule } from '../framework/optional-modules.ts';
import { BrokeredPgFs } from './brokered-pg-fs.ts';
import { DatabasesAhead } from './databases-ahead.ts';
import { readSeed, SEED_OUTDATED, seedMark, seedOutdated } from './pg-seed.ts';
import { programHost, reportBusy, type PgHost } from './program-host.ts';
import { remotePgDriver } from './remote-pg-driver.ts';
import { SharedPgDriver } from './shared-pg-driver.ts';

/** The longest the kill switch holds off while PGlite opens (its first open in a browser runs initdb). */
const OPEN_GRACE_MS = 60_000;

/**
 * PostgreSQL's settings for a PGlite in the playground, beside PGlite's own. PostgreSQL zeroes its shared memory at
 * start, and PGlite's wasm memory never shrinks: with the defaults (128 MB of shared buffers for 100 connections) a
 * PGlite held about 150 MB of resident wasm memory before any query, with these about 18 MB (measured in Node with
 * the same wasm). One connection uses it, and a learner's tables fit in 8 MB of buffers many times over.
 */
const PLAYGROUND_SETTINGS = ['shared_buffers=8MB', 'max_connections=5'];

/**
 * Opens PGlite with what the page hands in: its wasm and files (the sandbox cannot fetch them), for
 * `idb://<name>` a file system the page keeps, and for a new database the fresh data directory the build
 * made, so initdb never runs here (in the browser it took seconds and a second PGlite instance's memory);
 * `memory://` stays in the program's memory.
 */
async function openInPlayground(url: string, pg: PgHost | undefined = programHost()?.pg): Promise<PgDriver> {
  if (!pg) return openPglite(url);
  const name = /^idb:\/\/(.+)$/.exec(url)?.[1];
  const [assets, stored] = await Promise.all([pg.assets(), name ? pg.load(name) : []]);
  // A database stored whole (the format before the seed's changes were stored alone) needs no seed.
  const fromSeed = stored.length === 0 || seedMark(stored) !== undefined;
  const [pgliteWasmModule, initdbWasmModule, seed, { PGlite }] = await Promise.all([
    compileWasm(assets.pgliteWasm),
    compileWasm(assets.initdbWasm),
    fromSeed ? pg.seed() : null,
    optionalModule('pglite'),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...PLAYGROUND_SETTINGS.flatMap((setting) => ['-c', setting])];
  const options: PGliteOptions = { pgliteWasmModule, initdbWasmModule, fsBundle: assets.fsBundle, startParams };
  if (name) options.fs = await brokeredFs(pg, name, stored, seed);
  // Loaded into PGlite's files, then no longer referred to: the page's copy (a Blob) is freed once no worker refers to it.
  else if (seed) options.loadDataDir = seed;
  const driver = await openPglite(name ? 'memory://' : url, options);
  delete options.loadDataDir;
  return driver;
}

/**
 * The file system keeping database `name` through the page, which stored `stored` of it, made from `seed` (the
 * build's, when the database is new or stored as changes to a seed); a database made from another build's seed
 * cannot be opened, and is removed so the next run starts afresh.
 */
async function brokeredFs(pg: PgHost, name: string, stored: PgFile[], blob: Blob | null): Promise<BrokeredPgFs> {
  const seed = blob ? await readSeed(blob) : null;
  if (seed && seedOutdated(seed, stored)) {
    await pg.save(
      name,
      [],
      stored.map((file) => file.path),
    );
    throw new Error(SEED_OUTDATED);
  }
  return new BrokeredPgFs(pg, name, stored, seed);
}

/** Compiles a wasm module the page handed in (a Blob, the page's one copy), streaming: its bytes never sit in this heap whole. */
function compileWasm(blob: Blob): Promise<WebAssembly.Module> {
  return WebAssembly.compileStreaming(new Response(blob, { headers: { 'content-type': 'application/wasm' } }));
}

/** The databases this server worker opened before its program loaded (see DatabasesAhead). */
export const databasesAhead = new DatabasesAhead(openInPlayground, () => programHost()?.pg);

/**
 * Opens PGlite, or takes the database opened ahead at `url` (if it failed, opens it now), telling the playground
 * meanwhile that the program is busy rather than stuck.
 */
async function openPgliteBusy(url: string): Promise<PgDriver> {
  reportBusy(OPEN_GRACE_MS);
  try {
    // The learner's program's worker may open its PGlite for this first statement: busy, as an open here would be.
    if (remoteDefault && url === PLAYGROUND_PG_URL) {
      const remote = remotePgDriver(remoteDefault);
      await remote.query('SELECT 1');
      return remote;
    }
    const ahead = databasesAhead.take(url);
    // Shareable with the checks' copy of the program (see SharedPgDriver).
    return new SharedPgDriver(await (ahead ? ahead.catch(() => openInPlayground(url)) : openInPlayground(url)));
  } finally {
    reportBusy(0);
  }
}

/** The port to the learner's database, for a checks' copy (see useRemoteDefaultDatabase). */
let remoteDefault: MessagePort | null = null;

/** Makes the default database the one served on `port` (a checks' copy uses the learner's, see SharedPgDriver). */
export function useRemoteDefaultDatabase(port: MessagePort): void {
  remoteDefault = port;
}

/**
 * Makes PLAYGROUND_PG_URL the default (its data survives a restart of the program, the kill switch's too, and a
 * reload of the page), and PGlite's opening no reason for the kill switch; the browser build of halo calls it on import.
 */
export function installBrowserPg(): void {
  registerPgConnector((url) => (/^postgres(ql)?:\/\//i.test(url) ? null : openPgliteBusy(url)));
  setDefaultPgUrl(() => PLAYGROUND_PG_URL);
}
