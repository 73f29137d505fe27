/**
 * Issue 25 part 3b: the exported Node package keeps graphql-js out of its bundle (an optional peer,
 * like pg), so a program that builds its schema with its own `graphql` (`buildSchema(...)`) and hands
 * it to the GraphQL provider runs with one graphql-js. The package and graphql are installed offline
 * from tarballs in a temp project, and the program runs in its own process. The halo tarball is the real package
 * without its `.d.ts` files: a plain JavaScript program never reads them, and their bundling (two full compiles)
 * took 16 of its 22 s alone; the site build makes the whole tarball, which test/e2e/export-node.test.ts installs.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { haloTarball, haloVersion, OPTIONAL_PEERS } from '../../runtime/build/halo-package.ts';
import type { RunningProgram } from '../support/run-program.ts';
import { runProgram } from '../support/run-program.ts';

const root = resolve(import.meta.dirname, '../..');
const project = mkdtempSync(join(tmpdir(), 'halo-graphql-peer-'));
let running: RunningProgram | undefined;

afterAll(async () => {
  await running?.interrupt('SIGKILL');
  rmSync(project, { recursive: true, force: true });
});

const PROGRAM = `
import { App, AppHttp, graphql, MemoryService, resolveIndex } from 'halo';
import { buildSchema } from 'graphql';

const app = new App();
const todos = app.use('/todos', new MemoryService());
await todos.create({ title: 'one' });
const schema = buildSchema('scalar JSON\\ntype Query { todos: JSON }');
schema.getQueryType().getFields().todos.resolve = resolveIndex('/todos');
graphql(app, { schema });
app.get('/', () => 'up');
await new AppHttp(app).startServer('127.0.0.1', Number(process.env.HALO_PORT));
`;

it('an exported program passing its own buildSchema(...) schema is served, with graphql installed next to halo', async () => {
  expect(OPTIONAL_PEERS).toContain('graphql');
  const halo = `halo-${haloVersion(root)}.tgz`;
  // npm packs graphql in its own process while this one bundles halo.
  const packing = promisify(execFile)('npm', ['pack', join(root, 'node_modules/graphql'), '--pack-destination', project, '--silent'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 60_000,
  });
  writeFileSync(join(project, halo), await haloTarball(root, { declarations: false }));
  await packing;
  const graphqlTarball = readdirSync(project).find((name) => name.startsWith('graphql-') && name.endsWith('.tgz'))!;
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'program',
      private: true,
      type: 'module',
      dependencies: { halo: `file:${halo}`, graphql: `file:${graphqlTarball}` },
    }),
  );
  writeFileSync(join(project, 'program.js'), PROGRAM);
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(install.status, install.stderr).toBe(0);

  running = await runProgram('node', [join(project, 'program.js')], 30_000);
  const response = await fetch(`${running.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ todos }' }),
  });
  expect(await response.json()).toEqual({ data: { todos: [{ title: 'one', id: 0 }] } });
  expect(response.status).toBe(200);
}, 240_000);
