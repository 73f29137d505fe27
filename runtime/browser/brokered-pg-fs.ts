import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { Filesystem } from '@electric-sql/pglite/basefs';
import { PG_SEED_PATH, type PgFile } from '../contract/pg-broker-protocol.ts';
import { asEntry, seedMark, withSeed, type DirEntry, type Seed } from './pg-seed.ts';
import type { PgHost } from './program-host.ts';

/** PGlite's data directory inside its in-memory file system. */
const PGDATA = '/pglite/data';

/** The parts of Emscripten's FS used here. */
interface EmscriptenFs {
  readdir(path: string): string[];
  lstat(path: string): { mode: number; mtime: Date | number; size: number };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array): void;
  mkdirTree(path: string, mode?: number): void;
  chmod(path: string, mode: number): void;
  utime(path: string, atime: number, mtime: number): void;
  quit(): void;
}

/** What was last stored of one entry. */
interface Stored {
  mode: number;
  mtime: number;
  size: number;
}

/**
 * PGlite's files in memory, kept by the page: the program's sandbox has no IndexedDB, so after each
 * query PGlite calls `syncToFs` and the changed files go to the page, which stores them in the
 * playground's IndexedDB before the query's result is returned (what PGlite's own IdbFs does, with the
 * page in between). A restarted program — the kill switch's too — starts from the stored files.
 *
 * A database made from the build's seed stores only what differs from it (see PgFile): its first sync sends the
 * files PostgreSQL changed and the row naming the seed, not the seed's 16 MB, whose storing left the browser's
 * processes holding more memory.
 */
export class BrokeredPgFs implements Filesystem {
  private pg: PGlite | null = null;
  private readonly stored = new Map<string, Stored>();
  /** When the last sync read the files; a file changed in that same millisecond is sent again. */
  private lastSync = 0;
  /** The seed's paths (a file of them deleted is stored as a tombstone), empty for a database stored whole. */
  private readonly seedPaths: Set<string>;
  /** The row naming the seed, until it is stored. */
  private mark: PgFile | null;
  /** What is written into PGlite's file system before PostgreSQL starts. */
  private files: DirEntry[];

  /**
   * Keeps the data directory `name` through `host`, which has stored `stored` of it so far (see PgHost.load): the
   * files themselves, or, with `seed`, the changes to it (a new database: none).
   */
  constructor(
    private readonly host: PgHost,
    private readonly name: string,
    stored: PgFile[],
    seed: Seed | null,
  ) {
    this.files = seed ? withSeed(seed, stored) : stored.map(asEntry);
    this.seedPaths = new Set(seed?.entries.map((entry) => entry.path));
    this.mark = seed && !seedMark(stored) ? { path: PG_SEED_PATH, mode: 0, mtime: 0, seed: seed.id } : null;
  }

  /** Writes the stored files into PGlite's file system before PostgreSQL starts. */
  async init(
    pg: PGlite,
    emscriptenOptions: Partial<PGliteOptions> & { preRun?: ((mod: { FS: unknown }) => void)[] },
  ): Promise<{ emscriptenOpts: never }> {
    this.pg = pg;
    const restore = (mod: { FS: unknown }): void => {
      this.restore(mod.FS as EmscriptenFs, this.files);
      // Their bytes are in PGlite's file system now: a second copy would stay for as long as the program.
      this.files = [];
    };
    return { emscriptenOpts: { ...emscriptenOptions, preRun: [...(emscriptenOptions.preRun ?? []), restore] } as never };
  }

  /** Nothing to do: the files were written before PostgreSQL started. */
  async initialSyncFs(): Promise<void> {}

  /** Sends the files changed since the last sync to the page; resolves once it stored them. */
  async syncToFs(): Promise<void> {
    const fs = this.fs();
    const started = Date.now();
    const seen = new Set<string>();
    const put: PgFile[] = [];
    const transfer: ArrayBuffer[] = [];
    this.walk(fs, '', (path, stat) => {
      seen.add(path);
      const before = this.stored.get(path);
      const mtime = +stat.mtime;
      const changed = !before || before.mode !== stat.mode || before.mtime !== mtime || before.size !== stat.size || mtime >= this.lastSync;
      if (!changed) return;
      this.stored.set(path, { mode: stat.mode, mtime, size: stat.size });
      if (fs.isDir(stat.mode)) return void put.push({ path, mode: stat.mode, mtime });
      const data = fs.readFile(`${PGDATA}/${path}`).slice().buffer;
      transfer.push(data);
      put.push({ path, mode: stat.mode, mtime, data });
    });
    const gone = [...this.stored.keys()].filter((path) => !seen.has(path));
    for (const path of gone) this.stored.delete(path);
    // A seed's file stays gone only if the stored changes say so.
    const remove = gone.filter((path) => !this.seedPaths.has(path));
    for (const path of gone) if (this.seedPaths.has(path)) put.push({ path, mode: 0, mtime: 0, removed: true });
    // With the first change, in its transaction: stored changes are never without the seed they change.
    if (this.mark && put.length) put.push(this.mark);
    this.lastSync = started;
    if (!put.length && !remove.length) return;
    await this.host.save(this.name, put, remove);
    this.mark = null;
  }

  /** Not supported in the playground. */
  async dumpTar(): Promise<Blob> {
    throw new Error('dumpDataDir is not available in the playground.');
  }

  /** Drops the in-memory files (the page keeps the stored ones). */
  async closeFs(): Promise<void> {
    this.fs().quit();
  }

  private fs(): EmscriptenFs {
    if (!this.pg) throw new Error('PGlite has not started');
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- PGlite types FS loosely; this names the calls we use
    return this.pg.Module.FS as unknown as EmscriptenFs;
  }

  private restore(fs: EmscriptenFs, files: DirEntry[]): void {
    fs.mkdirTree(PGDATA);
    for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const full = `${PGDATA}/${file.path}`;
      if (file.data) {
        fs.mkdirTree(full.slice(0, full.lastIndexOf('/')));
        fs.writeFile(full, file.data);
      } else {
        fs.mkdirTree(full);
      }
      fs.chmod(full, file.mode);
      fs.utime(full, file.mtime, file.mtime);
      // As the file system reports it (the mode with its type bits): the next sync compares against it.
      const stat = fs.lstat(full);
      this.stored.set(file.path, { mode: stat.mode, mtime: +stat.mtime, size: stat.size });
    }
    this.lastSync = Date.now();
  }

  /** Calls `visit` for every file and directory under PGDATA (paths relative to it), parents first. */
  private walk(
    fs: EmscriptenFs,
    relative: string,
    visit: (path: string, stat: { mode: number; mtime: Date | number; size: number }) => void,
  ): void {
    let names: string[];
    try {
      names = fs.readdir(relative ? `${PGDATA}/${relative}` : PGDATA);
    } catch {
      return; // no data directory yet (before initdb)
    }
    for (const name of names) {
      if (name === '.' || name === '..') continue;
      const path = relative ? `${relative}/${name}` : name;
      const stat = fs.lstat(`${PGDATA}/${path}`);
      if (!fs.isDir(stat.mode) && !fs.isFile(stat.mode)) continue;
      visit(path, stat);
      if (fs.isDir(stat.mode)) this.walk(fs, path, visit);
    }
  }
}
