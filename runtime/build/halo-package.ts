import { NODE_TARGET } from './node-target.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import { tarGz } from './tar.ts';

/**
 * Imported on first use only (PgService, the GraphQL provider); a program that needs them installs them
 * next to halo. graphql stays out of the bundle so that a schema the program builds with its own
 * `graphql` and the provider's graphql-js are one copy (graphql-js refuses a schema from another).
 */
export const OPTIONAL_PEERS = ['pg', '@electric-sql/pglite', 'graphql'] as const;

interface RootManifest {
  version: string;
  license: string;
  description: string;
  dependencies: Record<string, string>;
  /** The Node versions Halo supports, which the package says too. */
  engines: { node: string };
}

/** The `halo` version the repository builds. */
export function haloVersion(root: string): string {
  return (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as RootManifest).version;
}

/** Bundles the Node build of halo into one ES module with its other dependencies (busboy, qs) inlined. */
async function bundleJs(root: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(root, 'runtime/node/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    write: false,
    external: [...OPTIONAL_PEERS],
    legalComments: 'inline',
    logLevel: 'silent',
    // Inlined CommonJS dependencies call require() for Node built-ins; ESM has none of its own.
    banner: {
      js: "import { createRequire as __haloCreateRequire } from 'node:module';\nconst require = __haloCreateRequire(import.meta.url);",
    },
  });
  return result.outputFiles[0].text;
}

/**
 * One platform-neutral entry of the package as one ES module with no dependencies: the Markdown plugins for
 * `<halo-snippet>` (`halo/remark`, `halo/markdown-it`: runtime/embed/) and `halo/course`.
 */
export async function bundleNeutralModule(root: string, entry: string): Promise<string> {
  const result = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The `.d.ts` bundle of one of the package's entries (the framework's by default). */
export function declarations(root: string, entry = 'runtime/node/index.ts'): string {
  const [dts] = generateDtsBundle([{ filePath: resolve(root, entry), output: { noBanner: true, exportReferencedTypes: false } }], {
    preferredConfigPath: resolve(root, 'tsconfig.json'),
  });
  return dts;
}

/**
 * The files of the installable `halo` package, as `npm pack` would lay them out. Without `declarations`, the
 * package has no `.d.ts` files (the type bundles are most of the time it takes: a full compile each), for a test
 * that only runs the package.
 */
export async function haloPackageFiles(root: string, { declarations: withDeclarations = true } = {}): Promise<Record<string, string>> {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as RootManifest;
  const packageJson = {
    name: 'halo',
    version: manifest.version,
    description: manifest.description,
    license: manifest.license,
    type: 'module',
    engines: { node: manifest.engines.node },
    exports: {
      '.': { types: './index.d.ts', default: './index.js' },
      './remark': { types: './remark.d.ts', default: './remark.js' },
      './markdown-it': { types: './markdown-it.d.ts', default: './markdown-it.js' },
    },
    peerDependencies: Object.fromEntries(OPTIONAL_PEERS.map((name) => [name, manifest.dependencies[name]])),
    peerDependenciesMeta: Object.fromEntries(OPTIONAL_PEERS.map((name) => [name, { optional: true }])),
  };
  return {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'index.js': await bundleJs(root),
    ...(withDeclarations ? { 'index.d.ts': declarations(root) } : {}),
    'remark.js': await bundleNeutralModule(root, 'runtime/embed/remark-halo.ts'),
    ...(withDeclarations ? { 'remark.d.ts': declarations(root, 'runtime/embed/remark-halo.ts') } : {}),
    'markdown-it.js': await bundleNeutralModule(root, 'runtime/embed/markdown-it-halo.ts'),
    ...(withDeclarations ? { 'markdown-it.d.ts': declarations(root, 'runtime/embed/markdown-it-halo.ts') } : {}),
    'README.md': `# halo ${manifest.version}\n\nThe Halo HTTP framework for Node, built from the Halo repository (busboy and qs bundled in).\nPgService needs \`@electric-sql/pglite\` (embedded) or \`pg\` (a PostgreSQL server) installed next to it; the GraphQL provider needs \`graphql\`.\n`,
  };
}

/** The `halo-<version>.tgz` tarball of {@link haloPackageFiles}. */
export async function haloTarball(root: string, options: { declarations?: boolean } = {}): Promise<Uint8Array> {
  const files = await haloPackageFiles(root, options);
  return tarGz(Object.entries(files).map(([name, content]) => ({ path: `package/${name}`, content })));
}
