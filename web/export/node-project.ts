import { strToU8, zipSync, type Zippable } from 'fflate';
import { HALO_GLOBAL } from '../../runtime/contract/halo-global.ts';

/** What goes into a Node project. */
export interface NodeProjectInput {
  /** The learner's files, path → TypeScript source. */
  files: Record<string, string>;
  /** The program compiled by the playground (an ES module importing halo through the shim global). */
  compiled: string;
  /** The halo tarball's bytes and file name, e.g. `halo-2.0.0.tgz`. */
  tarball: { name: string; bytes: Uint8Array };
  /** The halo version, e.g. `2.0.0`. */
  version: string;
  /** The PGlite version to depend on when the program uses PgService. */
  pgliteVersion: string;
  /** The graphql-js version to depend on when the program uses GraphQL (an optional peer of halo, like PGlite). */
  graphqlVersion: string;
  /** The Node versions halo supports (its package.json's `engines.node`), which the project says too. */
  nodeEngines: string;
}

/** How the exported program's output starts the line naming its address, e.g. `Serving on http://localhost:3000`. */
export const LISTENING_LINE = 'Serving on ';

/** The folder every file of the zip sits in (unzipping never litters the current directory). */
export const PROJECT_FOLDER = 'halo-program';

/** Whether the program uses PgService, whose embedded PostgreSQL (PGlite) is installed from the registry. */
function usesPg(files: Record<string, string>): boolean {
  return Object.values(files).some((source) => /\bPgService\b/.test(source));
}

/** Whether the program uses GraphQL (the provider or graphql-js itself), which halo leaves to the app to install. */
function usesGraphql(files: Record<string, string>): boolean {
  return Object.values(files).some((source) => /\bgraphql\s*\(|from\s+['"]graphql['"]/.test(source));
}

function packageJson(input: NodeProjectInput): string {
  const dependencies: Record<string, string> = { halo: `file:${input.tarball.name}` };
  if (usesPg(input.files)) dependencies['@electric-sql/pglite'] = input.pgliteVersion;
  if (usesGraphql(input.files)) dependencies.graphql = input.graphqlVersion;
  const manifest = {
    name: PROJECT_FOLDER,
    private: true,
    type: 'module',
    description: `A Halo program exported from the Halo Playground (halo ^${input.version}).`,
    engines: { node: input.nodeEngines },
    scripts: { start: 'node --enable-source-maps app.js' },
    dependencies,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The entry: hands Node's halo to the compiled program the way the playground's server worker does, with an
 * AppHttp that says where it listens (HALO_PORT may have moved it from the port the program names).
 */
function appJs(): string {
  return [
    '// Runs the program exactly as the playground compiled it; its `halo` imports read this global.',
    "import * as halo from 'halo';",
    '',
    '// Says where the server really listens: HALO_PORT=8080 npm start moves it from the port the program names.',
    'class AppHttp extends halo.AppHttp {',
    '  async startServer(...args) {',
    '    const server = await super.startServer(...args);',
    `    console.log(\`${LISTENING_LINE}\${this.uri} — press Ctrl+C to stop.\`);`,
    '    return server;',
    '  }',
    '}',
    '',
    `globalThis.${HALO_GLOBAL} = { ...halo, AppHttp };`,
    "await import('./program.js');",
    '',
  ].join('\n');
}

function readme(input: NodeProjectInput): string {
  const pg = usesPg(input.files)
    ? '\nThis program uses `PgService`: `npm install` also fetches PGlite (embedded PostgreSQL) from the npm registry. Set `HALO_DATA_DIR=./data` to keep the data on disk, or `DATABASE_URL` to use a PostgreSQL server (then `npm install pg`).\n'
    : '';
  const graphql = usesGraphql(input.files)
    ? '\nThis program uses GraphQL: `npm install` also fetches graphql-js from the npm registry (halo and your own schema share that one copy).\n'
    : '';
  return `# A Halo program

Exported from the Halo Playground. It serves the same responses on Node as it did in your browser.

\`\`\`sh
npm install   # installs halo ${input.version} from ./${input.tarball.name}; works offline (npm install --offline)
npm start     # http://localhost:3000 (set HALO_PORT=8080 to use another port)
\`\`\`

Requires Node.js 20 or newer.
${pg}${graphql}
## Files

- \`src/\`: your TypeScript source, as it was in the playground.
- \`program.js\`: the same program compiled to JavaScript by the playground (what \`npm start\` runs).
- \`app.js\`: the entry point; it loads halo and runs \`program.js\`.
- \`${input.tarball.name}\`: the halo framework (\`halo\` ^${input.version}), bundled so no registry is needed.

## Editing

Run the TypeScript source directly after changing it:

\`\`\`sh
npx tsx src/main.ts
\`\`\`

(\`tsx\` comes from the npm registry the first time.) Your editor finds halo's types in \`node_modules/halo\`.
`;
}

/** Builds the zip of a runnable Node project: `npm install && npm start` in the unzipped folder serves the program. */
export function nodeProjectZip(input: NodeProjectInput): Uint8Array {
  const files: Zippable = {
    'package.json': strToU8(packageJson(input)),
    'README.md': strToU8(readme(input)),
    'app.js': strToU8(appJs()),
    'program.js': strToU8(input.compiled),
    // Already gzipped: storing it again compressed would only cost time.
    [input.tarball.name]: [input.tarball.bytes, { level: 0 }],
  };
  for (const [path, source] of Object.entries(input.files)) files[`src/${path.replace(/^\.?\/+/, '')}`] = strToU8(source);
  return zipSync({ [PROJECT_FOLDER]: files }, { level: 6 });
}
