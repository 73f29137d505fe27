/**
 * Writes a fresh PGlite data directory as a tar to the path given as argument (run by the site build in a child
 * process). The same bytes on every build with the same PGlite, so a database a learner stored as changes to the seed
 * (docs/playground.md) stays valid when the playground is built again.
 */
// First: initdb reads the clock and random bytes as it runs.
import './fixed-clock.ts';
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx runtime/build/pglite-seed-cli.ts <out.tar>');
/** PGlite's data directory inside its file system, and its WAL. */
const WAL = '/pglite/data/pg_wal';

// initdb runs here, once per build, with the same PGlite (wasm and version) the playground runs. A playground program
// keeps every file of its database in its worker's memory and stores each file again whenever it changes, so the
// directory is made small: 16.3 MB instead of 38.5. Its WAL comes in segments of 1 MB, not 16 (a write stores a segment
// of 1 MB); template0 is dropped (it only serves CREATE DATABASE … TEMPLATE template0, which pg_dump's restores use);
// the WAL segments made ahead of need are removed (PostgreSQL makes them again when it needs them).
const pg = await PGlite.create({ initDbStartParams: ['--wal-segsize=1'] });
await pg.query(`UPDATE pg_database SET datistemplate = false WHERE datname = 'template0'`);
await pg.query('DROP DATABASE template0');
await pg.query('CHECKPOINT');
const { rows } = await pg.query<{ current: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS current');
const fs = pg.Module.FS as { readdir(path: string): string[]; unlink(path: string): void };
for (const file of fs.readdir(WAL)) if (/^[0-9A-F]{24}$/.test(file) && file > rows[0].current) fs.unlink(`${WAL}/${file}`);
const tar = await pg.dumpDataDir('none');
await pg.close();
writeFileSync(out, new Uint8Array(await tar.arrayBuffer()));
