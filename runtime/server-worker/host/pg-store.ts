/// <reference types="vite/client" />
import initdbWasmUrl from '@electric-sql/pglite/initdb.wasm?url';
import fsBundleUrl from '@electric-sql/pglite/pglite.data?url';
import pgliteWasmUrl from '@electric-sql/pglite/pglite.wasm?url';
import { fetchCompressed } from '../../assets/fetch-compressed.ts';
import { pgFileFields, type PgAssets, type PgCall, type PgFile, type PgReply } from '../../contract/pg-broker-protocol.ts';
import { PGLITE_SEED_FILE } from '../../contract/pglite-seed-file.ts';

/** The playground's IndexedDB database holding the files of programs' PGlite data directories. */
const DB_NAME = 'halo-pg';
const STORE = 'files';

/**
 * Most bytes of database files the playground keeps for all programs together: a program must not be
 * able to fill the origin's storage quota, which the offline cache needs too.
 */
export const MAX_STORED_PG_BYTES = 128 * 1024 * 1024;

/** A stored file: PgFile plus the data directory it belongs to. */
type Row = PgFile & { name: string };

/**
 * The playground's IndexedDB, or null where the browser denies this origin IndexedDB: a snippet frame in another
 * site's page when third-party storage is blocked (Chromium's default in some builds, private windows), or storage
 * switched off. Then the files live in {@link memoryRows} for as long as the page: a program's database works and
 * survives a restart of the program, not a reload.
 */
let db: Promise<IDBDatabase | null> | null = null;
/** The files where IndexedDB is denied, by `name\0path`. */
const memoryRows = new Map<string, Row>();
/** Bytes of every stored file, by `name\0path`, read once per page; kept up to date by save(). */
let sizes: Promise<Map<string, number>> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: ['name', 'path'] });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${DB_NAME} could not be opened`));
  }).catch(() => null);
  return db;
}

/** The key of a file in {@link memoryRows} and in the size count. */
const rowKey = (name: string, path: string) => `${name}\0${path}`;

/** What a program using PgService reads when PGlite was never downloaded and the network is gone. */
const PGLITE_NOT_DOWNLOADED =
  'The database engine (PGlite) has not been downloaded yet: connect once and run a PgService program, then it works offline.';

/** A file of the site as a Blob: it crosses to a worker by reference, so every program shares the page's one copy. */
async function fetchBlob(url: string | URL): Promise<Blob> {
  // PGlite is stored offline on its first use only, so a network failure here means it never was.
  const response = await fetchCompressed(new URL(url, location.href).href).catch(() => {
    throw new Error(PGLITE_NOT_DOWNLOADED);
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.blob();
}

/** PGlite's wasm and file bundle from the site (through the service worker, so offline too). */
export async function pgliteAssets(): Promise<PgAssets> {
  const [pgliteWasm, initdbWasm, fsBundle] = await Promise.all([
    fetchBlob(pgliteWasmUrl),
    fetchBlob(initdbWasmUrl),
    fetchBlob(fsBundleUrl),
  ]);
  return { pgliteWasm, initdbWasm, fsBundle };
}

/** Resolves once every store asked for so far is queued in IndexedDB (or made in memory), in the order asked. */
let saving: Promise<void> = Promise.resolve();

async function load(name: string): Promise<PgFile[]> {
  // After every store asked for before (IndexedDB runs its transactions in the order they were made): a spare opening
  // the database ahead, or the next program, reads what the last program stored.
  await saving;
  const database = await openDb();
  // Copies from memory: the reply transfers its buffers, which would empty the kept ones.
  const rows = database
    ? await done<Row[]>(
        database
          .transaction(STORE, 'readonly')
          .objectStore(STORE)
          .getAll(IDBKeyRange.bound([name, ''], [name, '\uffff'])),
      )
    : [...memoryRows.values()]
        .filter((row) => row.name === name)
        .map((row) => ({ ...row, ...(row.data ? { data: row.data.slice(0) } : {}) }));
  return rows.map(({ name: _, ...file }) => file);
}

function storedSizes(): Promise<Map<string, number>> {
  sizes ??= openDb().then(async (database) => {
    const rows = database
      ? await done<Row[]>(database.transaction(STORE, 'readonly').objectStore(STORE).getAll())
      : [...memoryRows.values()];
    return new Map(rows.map((row) => [rowKey(row.name, row.path), row.data?.byteLength ?? 0]));
  });
  return sizes;
}

/**
 * Stores one change of a data directory (write-behind: the program does not wait). Changes are queued in the order
 * they came, each in a transaction committed at once, so a change whose answer the learner saw is in IndexedDB's
 * hands even if the tab closes right after; resolves once it is stored.
 */
function save(name: string, put: PgFile[], remove: string[]): Promise<void> {
  const queued = saving.then(() => queueSave(name, put, remove));
  saving = queued.then(
    () => undefined,
    () => undefined,
  );
  return queued.then(({ ended }) => ended);
}

/**
 * Queues the change (the size count updated at once, so the next change is counted after it); resolves, once it is
 * queued, with its end (wrapped: a promise would be awaited along).
 */
async function queueSave(name: string, put: PgFile[], remove: string[]): Promise<{ ended: Promise<void> }> {
  const next = new Map(await storedSizes());
  for (const { path, data } of put) next.set(rowKey(name, String(path)), data instanceof ArrayBuffer ? data.byteLength : 0);
  for (const path of remove) next.delete(rowKey(name, String(path)));
  let total = 0;
  for (const size of next.values()) total += size;
  if (total > MAX_STORED_PG_BYTES) {
    throw new Error(
      `The databases would take ${Math.ceil(total / 2 ** 20)} MB, more than the ${MAX_STORED_PG_BYTES / 2 ** 20} MB the playground keeps: this change was not stored.`,
    );
  }
  const rows: Row[] = put.map((file) => ({ name, ...pgFileFields(file) }));
  const database = await openDb();
  sizes = Promise.resolve(next);
  if (!database) {
    for (const row of rows) memoryRows.set(rowKey(name, row.path), row);
    for (const path of remove) memoryRows.delete(rowKey(name, String(path)));
    return { ended: Promise.resolve() };
  }
  const ended = stored(database, name, rows, remove);
  // Marked handled here; the caller of save() gets the failure.
  ended.catch(() => undefined);
  return { ended };
}

/** Writes `rows` and removes `remove` of data directory `name` in one transaction, committed at once. */
function stored(database: IDBDatabase, name: string, rows: Row[], remove: string[]): Promise<void> {
  const transaction = database.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  for (const row of rows) store.put(row);
  for (const path of remove) store.delete([name, String(path)]);
  const ended = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    const failed = (why: string) => {
      // The count included this change: read it again from what is stored.
      sizes = null;
      reject(transaction.error ?? new Error(why));
    };
    transaction.onerror = () => failed('storing the database files failed');
    transaction.onabort = () => failed('storing the database files was aborted');
  });
  transaction.commit?.();
  return ended;
}

function done<T>(request: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The fresh data directory the build made (PGLITE_SEED_FILE) from the site at `root`, through the offline cache. */
export function pgliteSeed(root: URL): Promise<Blob> {
  return fetchBlob(new URL(PGLITE_SEED_FILE, root));
}

/**
 * Answers a program's PGlite on the page's side about its data directories' files, kept in the playground's
 * IndexedDB (which the program cannot reach), or in the page's memory where IndexedDB is denied. The files are data the page never interprets; a program can
 * only read and write the PGlite files of this playground.
 */
export async function answerPgCall(call: PgCall): Promise<{ reply: PgReply; transfer: Transferable[] }> {
  if (call.method === 'load') {
    const value = await load(String(call.name));
    return { reply: { ok: true, value }, transfer: value.flatMap((file) => (file.data ? [file.data] : [])) };
  }
  if (call.method === 'save' && Array.isArray(call.put) && Array.isArray(call.remove)) {
    await save(String(call.name), call.put, call.remove);
    return { reply: { ok: true, value: null }, transfer: [] };
  }
  return { reply: { ok: false, message: 'unknown request' }, transfer: [] };
}
