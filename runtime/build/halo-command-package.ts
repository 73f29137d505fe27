import { NODE_TARGET } from './node-target.ts';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { apiReference } from './api-reference-cache.ts';
import { bundleNeutralModule, declarations, haloPackageFiles, OPTIONAL_PEERS } from './halo-package.ts';
import { folderEntries, tarGz } from './tar.ts';
import { HALO_PACKAGE_LAYOUT } from '../contract/halo-package-layout.ts';

/**
 * What the `halo` command needs installed beside it, as the package's dependencies: tsx runs a program's TypeScript
 * (`halo serve`, a course's proofs), esbuild compiles a course's lessons and checks, and TypeScript reads a checks
 * file's lines for its problems. Versions as this repository pins them.
 */
const COMMAND_DEPENDENCIES = ['tsx', 'esbuild', 'typescript'] as const;

/** The `halo` package's dependencies: {@link COMMAND_DEPENDENCIES} at the versions this repository pins. */
export function haloCommandDependencies(root: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return Object.fromEntries(COMMAND_DEPENDENCIES.map((name) => [name, manifest.devDependencies[name]]));
}

/** The command's entry and the modules its programs `--import`, each one file of `cli/` (chunks beside them). */
const CLI_ENTRIES = {
  halo: 'runtime/cli/halo.ts',
  'resolve-halo': 'runtime/course/tools/resolve-halo.ts',
  'resolve-halo-hooks': 'runtime/course/tools/resolve-halo-hooks.ts',
  'exit-with-parent': 'runtime/course/tools/exit-with-parent.ts',
  'report-listening': 'runtime/course/tools/report-listening.ts',
};

/** What the package's README adds for the command. */
const COMMAND_README = `## The halo command

\`npx halo help\` lists the commands: \`halo serve app.ts\` runs a program on Node (TypeScript included);
\`halo course check|build|author [dir]\` validates, builds (the prebuilt playground in \`app/\` with the course as data,
no bundler) and serves a course in author mode; \`halo check --lesson … --url …\` runs a lesson's checks against a
server; \`halo class [dir]\` runs a class; \`halo embed <dir>\` writes the snippet kit for a docs site. \`npm create halo\`
starts a course. The guides are in \`docs/\`: courses.md, embed.md, classroom.md, framework.md, playground.md.
`;

/** ESM has no `require`; the CommonJS packages bundled in (qrcode, ws) call it for Node's built-ins. */
const REQUIRE_BANNER =
  "import { createRequire as __haloCreateRequire } from 'node:module';\nconst require = __haloCreateRequire(import.meta.url);";

/** `cli/`: the `halo` command bundled for Node, with the course tools' `import.meta.haloPackaged` set (halo-home.ts). */
async function cliFiles(root: string): Promise<Record<string, string>> {
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(CLI_ENTRIES).map(([name, file]) => [name, resolve(root, file)])),
    outdir: resolve(root, 'cli'),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    write: false,
    define: { 'import.meta.haloPackaged': 'true' },
    // ES builds first: jsonc-parser's CommonJS one is a UMD that requires its parts by computed names.
    mainFields: ['module', 'main'],
    // ws's optional native speed-ups stay optional.
    external: [...OPTIONAL_PEERS, ...COMMAND_DEPENDENCIES, 'bufferutil', 'utf-8-validate'],
    banner: { js: REQUIRE_BANNER },
    legalComments: 'inline',
    logLevel: 'silent',
  });
  const files = Object.fromEntries(result.outputFiles.map((file) => [relative(root, file.path), file.text]));
  files['cli/halo.js'] = `#!/usr/bin/env node\n${files['cli/halo.js']}`;
  return files;
}

/**
 * The `halo` package a teacher or author installs: the framework (as the Node project's tarball has it), `halo/course`,
 * the `halo` command and the prebuilt playground of `appDir` (what `vite build` writes; a built site serves too, as a
 * course build replaces the course it finds in the copy), as a tarball. Without `declarations`, no `.d.ts` files (their bundles are most
 * of the time it takes), for a test that only runs the package.
 */
export async function haloCommandTarball(root: string, appDir: string, options: { declarations?: boolean } = {}): Promise<Uint8Array> {
  const withDeclarations = options.declarations ?? true;
  const framework = await haloPackageFiles(root, { declarations: withDeclarations });
  const packageJson = JSON.parse(framework['package.json']) as Record<string, unknown> & { exports: Record<string, unknown> };
  packageJson.bin = { halo: './cli/halo.js' };
  packageJson.exports = { ...packageJson.exports, './course': { types: './course.d.ts', default: './course.js' } };
  packageJson.dependencies = haloCommandDependencies(root);
  const files: Record<string, string> = {
    ...framework,
    ...(await cliFiles(root)),
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    // `halo/course`: defineChecks and the check format, which every course's checks.ts imports.
    'course.js': await bundleNeutralModule(root, 'runtime/course/format/check-format.ts'),
    ...(withDeclarations ? { 'course.d.ts': declarations(root, 'runtime/course/format/check-format.ts') } : {}),
    [HALO_PACKAGE_LAYOUT.apiReference]: JSON.stringify(apiReference()),
    'README.md': `${framework['README.md']}\n${COMMAND_README}`,
  };
  const entries = Object.entries(files).map(([name, content]) => ({ path: `package/${name}`, content }));
  // The guides the command's output and a new course's README point to (docs/courses.md, docs/embed.md, …).
  const guides = folderEntries(resolve(root, 'docs'), 'package/docs').filter((entry) => entry.path.endsWith('.md'));
  return tarGz([...entries, ...guides, ...folderEntries(appDir, `package/${HALO_PACKAGE_LAYOUT.app}`)]);
}
