import { NODE_TARGET } from './node-target.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { folderEntries, tarGz, type TarEntry } from './tar.ts';

const CREATE_DIR = 'runtime/create';

/** `index.js`: runtime/create/create-halo.ts bundled for Node, runnable as the package's bin. */
async function createScript(root: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(root, CREATE_DIR, 'create-halo.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    write: false,
    logLevel: 'silent',
  });
  return `#!/usr/bin/env node\n${result.outputFiles[0].text}`;
}

/** The template's files as tarball entries, its package.json depending on this very `halo` version. */
function templateEntries(root: string, version: string): TarEntry[] {
  const dir = resolve(root, CREATE_DIR, 'template');
  const manifest = JSON.parse(readFileSync(resolve(dir, 'package.template.json'), 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies.halo = `^${version}`;
  return folderEntries(dir, 'package/template').map((entry) =>
    entry.path === 'package/template/package.template.json' ? { ...entry, content: `${JSON.stringify(manifest, null, 2)}\n` } : entry,
  );
}

/** The `create-halo-<version>.tgz` tarball: `npm create halo` (create-halo.ts and the course template it copies). */
export async function createHaloTarball(root: string): Promise<Uint8Array> {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
    engines: { node: string };
  };
  const packageJson = {
    name: 'create-halo',
    version: manifest.version,
    description: 'npm create halo: a Halo course folder (one lesson, its checks, author mode, a static build).',
    license: manifest.license,
    type: 'module',
    engines: manifest.engines,
    bin: { 'create-halo': './index.js' },
  };
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'index.js': await createScript(root),
    'README.md':
      '# create-halo\n\n`npm create halo@latest my-course` writes a Halo course folder and installs it; `npm start` in it opens\nauthor mode. `npm create halo@latest -- --help` lists the options.\n',
  };
  const entries = Object.entries(files).map(([name, content]) => ({ path: `package/${name}`, content }));
  return tarGz([...entries, ...templateEntries(root, manifest.version)]);
}
