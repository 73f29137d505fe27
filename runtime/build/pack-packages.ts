/**
 * `npm run pack -- --app <dir> [--out dir]`: writes the packages a teacher or author installs to `--out` (default
 * dist-packages/): `halo-<version>.tgz` (the framework, the `halo` command and the prebuilt playground of `--app`, a
 * site built with no course in it) and `create-halo-<version>.tgz`. Prints each tarball's path and size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createHaloTarball } from './create-halo-package.ts';
import { haloCommandTarball } from './halo-command-package.ts';
import { haloVersion } from './halo-package.ts';
import { HALO_ROOT } from '../course/tools/halo-home.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const cwd = process.env.INIT_CWD ?? process.cwd();
const app = option('--app');
if (app === undefined) throw new Error('usage: npm run pack -- --app <site built with no course> [--out dir]');
const out = resolve(cwd, option('--out') ?? 'dist-packages');
const version = haloVersion(HALO_ROOT);
mkdirSync(out, { recursive: true });
for (const [name, tarball] of [
  [`halo-${version}.tgz`, () => haloCommandTarball(HALO_ROOT, resolve(cwd, app))],
  [`create-halo-${version}.tgz`, () => createHaloTarball(HALO_ROOT)],
] as const) {
  const bytes = await tarball();
  writeFileSync(resolve(out, name), bytes);
  console.log(`${resolve(out, name)}  ${(bytes.length / 1e6).toFixed(1)} MB`);
}
