import { pgFileFields, type PgFile } from '../../runtime/contract/pg-broker-protocol.ts';
import { MAX_KEPT_DATABASE_BYTES, MAX_KEPT_DATABASES, type KeptDatabase } from '../../runtime/embed/snippet-protocol.ts';

/**
 * The snippets' databases the page keeps for the frame where the browser denies the frame its IndexedDB (see
 * HandedDatabases): in the page's own IndexedDB (this page's origin), keyed by the frame's build, this page's path and
 * the frame's name for the database (which names the snippet), at most MAX_KEPT_DATABASES of at most
 * MAX_KEPT_DATABASE_BYTES each, the least recently changed dropped first. Only the files a change touched are written,
 * over what is kept; changes that come while a write runs are merged (the last of each file wins) and written together
 * next. The files are bytes the page stores and hands back; it never reads or runs them.
 */
const DB_NAME = 'halo-snippet-databases';
/** Files by [database, path]; the database key is `build\0page path\0name`. */
const FILES = 'files';
/** One row per kept database: its key and when it last changed, for dropping the oldest. */
const LIST = 'databases';

interface FileRow extends PgFile {
  db: string;
}
interface ListRow {
  db: string;
  changed: number;
}
/** The changes of one database not written yet: the files to put (by path) and the paths to remove. */
interface Pending {
  put: Map<string, PgFile>;
  remove: Set<string>;
}

let opened: Promise<IDBDatabase | null> | null = null;
/** Each file's bytes, by database key: read when the databases are handed back, kept up to date by each change. */
const sizes = new Map<string, Map<string, number>>();
/** Databases past the size limit: dropped, and their later changes ignored, for the life of the page. */
const refused = new Set<string>();
/** What is left to write, by database key. */
const pending = new Map<string, Pending>();
/** The running writes, until nothing is left to write. */
let writing: Promise<void> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(FILES, { keyPath: ['db', 'path'] });
      request.result.createObjectStore(LIST, { keyPath: 'db' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${DB_NAME} could not be opened`));
  }).catch(() => null);
  return opened;
}

/** Where this page keeps the databases of the frame of `build`: the page's path keeps two pages' snippets apart. */
const prefixOf = (build: string) => `${build}\u0000${location.pathname}\u0000`;

const filesOf = (db: string) => IDBKeyRange.bound([db, ''], [db, '\uffff']);

function done<T>(request: IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The databases this page kept for the frame of `build` (none when the page's IndexedDB is denied too). */
export async function keptDatabases(build: string): Promise<KeptDatabase[]> {
  try {
    const database = await openDb();
    if (!database) return [];
    const prefix = prefixOf(build);
    const listed = await done<ListRow[]>(database.transaction(LIST, 'readonly').objectStore(LIST).getAll());
    const kept: KeptDatabase[] = [];
    for (const { db } of listed.filter((row) => row.db.startsWith(prefix))) {
      const rows = await done<FileRow[]>(database.transaction(FILES, 'readonly').objectStore(FILES).getAll(filesOf(db)));
      sizes.set(db, new Map(rows.map((row) => [row.path, row.data?.byteLength ?? 0])));
      const files = rows.map(pgFileFields);
      kept.push({ name: db.slice(prefix.length), files });
    }
    return kept;
  } catch {
    return [];
  }
}

/** Keeps one change of the frame's database `name` (of `build`): written after, or with, every change before it. */
export function keepDatabaseChange(build: string, name: string, put: unknown, remove: unknown): void {
  // The frame's message, checked before it is stored: anything else is dropped.
  if (!Array.isArray(put) || !Array.isArray(remove)) return;
  const db = prefixOf(build) + name;
  if (refused.has(db)) return;
  const change = pending.get(db) ?? { put: new Map<string, PgFile>(), remove: new Set<string>() };
  pending.set(db, change);
  for (const file of put as Partial<PgFile>[]) {
    if (typeof file.path !== 'string' || typeof file.mode !== 'number' || typeof file.mtime !== 'number') continue;
    if (file.data !== undefined && !(file.data instanceof ArrayBuffer)) continue;
    change.put.set(file.path, pgFileFields(file as PgFile));
    change.remove.delete(file.path);
  }
  for (const path of remove) {
    if (typeof path !== 'string') continue;
    change.put.delete(path);
    change.remove.add(path);
  }
  writing ??= writeAll();
}

/** Resolves once nothing is left to write: every change handed so far is in IndexedDB (or was refused). */
export function databasesWritten(): Promise<void> {
  return writing ?? Promise.resolve();
}

/** Writes what is pending, then what came meanwhile, until nothing is left. */
async function writeAll(): Promise<void> {
  try {
    while (pending.size > 0) {
      const batch = new Map(pending);
      pending.clear();
      // A failed write loses those changes only: the next ones are still written.
      await write(batch).catch(() => undefined);
    }
  } finally {
    writing = null;
  }
}

/** Writes `batch` in one transaction, dropping a database past its size limit and the oldest past their number. */
async function write(batch: Map<string, Pending>): Promise<void> {
  const database = await openDb();
  if (!database) return;
  const transaction = database.transaction([FILES, LIST], 'readwrite');
  const files = transaction.objectStore(FILES);
  const list = transaction.objectStore(LIST);
  const ended = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('keeping a database failed'));
  });
  const now = Date.now();
  for (const [db, change] of batch) {
    if (!withinLimit(db, change)) {
      forget(files, list, db);
      continue;
    }
    // Each file took only its fields when it was handed in (keepDatabaseChange).
    for (const file of change.put.values()) files.put({ db, ...file } satisfies FileRow);
    for (const path of change.remove) files.delete([db, path]);
    list.put({ db, changed: now } satisfies ListRow);
  }
  const rows = await done<ListRow[]>(list.getAll());
  const oldest = rows.sort((a, b) => a.changed - b.changed).slice(0, Math.max(0, rows.length - MAX_KEPT_DATABASES));
  // Its later changes alone would make a partial copy: it is not kept again while this page is open.
  for (const row of oldest) {
    forget(files, list, row.db);
    refused.add(row.db);
  }
  transaction.commit();
  return ended;
}

/** Counts `change` into its database's size: false (and refused from now on) past the limit, or when it holds nothing. */
function withinLimit(db: string, change: Pending): boolean {
  const known = sizes.get(db) ?? new Map<string, number>();
  sizes.set(db, known);
  for (const { path, data } of change.put.values()) known.set(path, data?.byteLength ?? 0);
  for (const path of change.remove) known.delete(path);
  let bytes = 0;
  for (const size of known.values()) bytes += size;
  if (bytes > MAX_KEPT_DATABASE_BYTES) refused.add(db);
  return bytes <= MAX_KEPT_DATABASE_BYTES && known.size > 0;
}

function forget(files: IDBObjectStore, list: IDBObjectStore, db: string): void {
  files.delete(filesOf(db));
  list.delete(db);
  sizes.delete(db);
}
