import { PG_SEED_PATH, type PgFile } from '../contract/pg-broker-protocol.ts';

/** One file or directory of a data directory as it is written into PGlite's file system. */
export interface DirEntry {
  path: string;
  mode: number;
  /** Modification time, epoch milliseconds. */
  mtime: number;
  /** The file's content (a view, never a copy, where it can be); absent for a directory. */
  data?: Uint8Array;
}

/** The build's seed (pglite-seed.tar, a fresh data directory): what it is called and its files. */
export interface Seed {
  /** SHA-256 of the tar, hex: a stored database made from the seed names it (see PG_SEED_PATH). */
  id: string;
  entries: DirEntry[];
}

const BLOCK = 512;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** Reads the seed the page handed in. */
export async function readSeed(blob: Blob): Promise<Seed> {
  const tar = await blob.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', tar));
  return { id: [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join(''), entries: untar(new Uint8Array(tar)) };
}

/**
 * The files and directories of a ustar archive (what PGlite's dumpDataDir writes, see pglite-seed-cli.ts), paths
 * relative to the data directory. A few lines instead of a library: tar-stream reads Node streams, and this tar
 * is made by the build, not by strangers.
 */
export function untar(tar: Uint8Array): DirEntry[] {
  const decoder = new TextDecoder();
  const text = (start: number, length: number) => decoder.decode(tar.subarray(start, start + length)).replace(/\0.*$/s, '');
  const octal = (start: number, length: number) => parseInt(text(start, length).trim() || '0', 8);
  const entries: DirEntry[] = [];
  for (let at = 0; at + BLOCK <= tar.length;) {
    const name = text(at, 100);
    if (!name) break; // the two empty blocks that end the archive
    const prefix = text(at + 345, 155);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '');
    const size = octal(at + 124, 12);
    const mtime = octal(at + 136, 12) * 1000;
    const type = String.fromCharCode(tar[at + 156]);
    const permissions = octal(at + 100, 8) & 0o7777;
    at += BLOCK;
    if (type === '5') entries.push({ path, mode: S_IFDIR | permissions, mtime });
    else if (type === '0' || type === '\0') entries.push({ path, mode: S_IFREG | permissions, mtime, data: tar.subarray(at, at + size) });
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries.filter((entry) => entry.path);
}

/** The row saying which seed a stored database is changes to, or undefined for a database stored whole. */
export function seedMark(stored: PgFile[]): PgFile | undefined {
  return stored.find((file) => file.path === PG_SEED_PATH);
}

/** What a program reads when its stored database was made from another seed (see seedOutdated). */
export const SEED_OUTDATED =
  'This database was stored by an earlier version of the playground, whose fresh database differs from this ' +
  "one's: it could not be opened, and it was removed. Run the program again to start with a new, empty database.";

/**
 * Whether `stored` was made from another seed than `seed` (an earlier build's): its changes laid over this seed's
 * files would be a broken database.
 */
export function seedOutdated(seed: Seed, stored: PgFile[]): boolean {
  const mark = seedMark(stored);
  return mark !== undefined && mark.seed !== seed.id;
}

/**
 * A stored database made from `seed` (never one made from another, see seedOutdated): the seed's files with the
 * stored changes on top (a stored file replaces the seed's, a tombstone removes it).
 */
export function withSeed(seed: Seed, stored: PgFile[]): DirEntry[] {
  const merged = new Map(seed.entries.map((entry) => [entry.path, entry]));
  for (const file of stored) {
    if (file.path === PG_SEED_PATH) continue;
    if (file.removed) merged.delete(file.path);
    else merged.set(file.path, asEntry(file));
  }
  return [...merged.values()];
}

/** A stored file as written into PGlite's file system (its bytes viewed, not copied). */
export function asEntry({ path, mode, mtime, data }: PgFile): DirEntry {
  return data ? { path, mode, mtime, data: new Uint8Array(data) } : { path, mode, mtime };
}
