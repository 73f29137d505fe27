/**
 * `npm run serve -- <file>` on a program outside the repository (no package.json near it, so Node would read
 * it as CommonJS): it runs as an ES module with top-level await, and its `halo` import reaches this framework.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runProgram, type RunningProgram } from '../support/run-program.ts';

const folder = mkdtempSync(join(tmpdir(), 'halo-serve-outside-'));
let program: RunningProgram | undefined;
afterAll(async () => {
  if (program) expect(await program.interrupt()).toBe(0);
  rmSync(folder, { recursive: true, force: true });
});

test('a program in a folder of its own runs with npm run serve', async () => {
  const file = join(folder, 'app.ts');
  writeFileSync(
    file,
    `import { App, AppHttp } from 'halo';\nconst app = new App();\napp.get('/', () => ({ outside: true }));\nawait new AppHttp(app).startServer('localhost', 3000);\n`,
  );
  program = await runProgram('npm', ['run', 'serve', '--', file], 60_000);
  const response = await fetch(program.origin + '/');
  expect(await response.json()).toEqual({ outside: true });
}, 90_000);
