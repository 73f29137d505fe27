/** "Download as Node project": the zip's package.json depends on what the program uses, halo's optional peers included. */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { nodeProjectZip, PROJECT_FOLDER } from '../../web/export/node-project.ts';

interface Manifest {
  dependencies: Record<string, string>;
  engines: { node: string };
}

function manifestOf(main: string): Manifest {
  const zip = nodeProjectZip({
    files: { 'main.ts': main },
    compiled: 'export {};',
    tarball: { name: 'halo-2.0.0.tgz', bytes: new Uint8Array([1]) },
    version: '2.0.0',
    pgliteVersion: '^0.5.16',
    graphqlVersion: '^16.15.0',
    nodeEngines: '^22.13.0 || >=24',
  });
  return JSON.parse(strFromU8(unzipSync(zip)[`${PROJECT_FOLDER}/package.json`])) as Manifest;
}

describe('the exported package.json', () => {
  it('depends on halo alone for a plain program', () => {
    expect(manifestOf("import { App } from 'halo';\nconst app = new App();").dependencies).toEqual({ halo: 'file:halo-2.0.0.tgz' });
  });

  it('adds graphql-js, an optional peer of halo, when the program serves GraphQL or builds its own schema', () => {
    expect(manifestOf("import { App, graphql } from 'halo';\ngraphql(new App());").dependencies.graphql).toBe('^16.15.0');
    expect(manifestOf("import { buildSchema } from 'graphql';\nbuildSchema('type Query { a: Int }');").dependencies.graphql).toBe(
      '^16.15.0',
    );
  });

  it("asks for the Node versions halo supports (halo's own engines)", () => {
    expect(manifestOf("import { App } from 'halo';\nconst app = new App();").engines).toEqual({ node: '^22.13.0 || >=24' });
  });

  it('adds PGlite when the program uses PgService', () => {
    expect(manifestOf("import { PgService } from 'halo';\nnew PgService({ table: 't' });").dependencies).toMatchObject({
      '@electric-sql/pglite': '^0.5.16',
    });
  });
});
