/** Writes the `halo` tarball to the path given as argument (run by the site build in a child process). */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haloTarball } from './halo-package.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = process.argv[2];
if (!out) throw new Error('usage: tsx runtime/build/pack-cli.ts <out.tgz>');
writeFileSync(out, await haloTarball(root));
