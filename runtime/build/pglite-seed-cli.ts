/** Writes a fresh PGlite data directory as a tar to the path given as argument (run by the site build in a child process). */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx runtime/build/pglite-seed-cli.ts <out.tar>');
// initdb runs here, once per build, with the same PGlite (wasm and version) the playground runs.
const pg = await PGlite.create();
const tar = await pg.dumpDataDir('none');
await pg.close();
writeFileSync(out, new Uint8Array(await tar.arrayBuffer()));
