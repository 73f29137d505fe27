/**
 * `npm run packages [-- --out dir] [--app dir]`: writes the packages a teacher or author installs to `--out` (default
 * dist-packages/): `halo-<version>.tgz` (the framework, the `halo` command and the prebuilt playground) and
 * `create-halo-<version>.tgz`. The playground is built with `vite build` (no course in it), or taken from `--app` (a
 * built site). Prints each tarball's path and size.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHaloTarball } from './create-halo-package.ts';
import { haloCommandTarball } from './halo-command-package.ts';
import { haloVersion } from './halo-package.ts';

const HALO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh folder for the app on its way into the package, in node_modules/.cache/halo/ (git-ignored). */
function scratchAppDir(): string {
  const parent = resolve(HALO_ROOT, 'node_modules/.cache/halo');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(resolve(parent, 'package-app-'));
}

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const cwd = process.env.INIT_CWD ?? process.cwd();
const given = option('--app');
const app = given === undefined ? scratchAppDir() : resolve(cwd, given);
const out = resolve(cwd, option('--out') ?? 'dist-packages');
try {
  if (given === undefined) {
    const built = spawnSync('npx', ['vite', 'build', '--outDir', app, '--emptyOutDir'], {
      cwd: HALO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('vite build failed: no packages written.');
  }
  const version = haloVersion(HALO_ROOT);
  mkdirSync(out, { recursive: true });
  for (const [name, tarball] of [
    [`halo-${version}.tgz`, () => haloCommandTarball(HALO_ROOT, app)],
    [`create-halo-${version}.tgz`, () => createHaloTarball(HALO_ROOT)],
  ] as const) {
    const bytes = await tarball();
    writeFileSync(resolve(out, name), bytes);
    console.log(`${resolve(out, name)}  ${(bytes.length / 1e6).toFixed(1)} MB`);
  }
} finally {
  if (given === undefined) rmSync(app, { recursive: true, force: true });
}
