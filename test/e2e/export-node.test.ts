/**
 * "Download as Node project" in Chromium: the zip, unpacked in a temp dir, installs offline from its
 * bundled halo tarball, starts with `npm start`, says where it listens, and answers the same request with
 * the same body as the program did in the browser.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';
import { runProgram, type RunningProgram } from '../support/run-program.ts';
import { LISTENING_LINE } from '../../web/export/node-project.ts';

const program = `import { App, AppHttp, HttpException } from 'halo';

const greet = (name: string) => \`Hello, \${name} ✓\`;

const app = new App();

app.post('/greet', async (req, res) => {
  await req.parseBody();
  const name = req.bodyAsMap.name;
  if (name == null) throw HttpException.badRequest({ message: 'Missing name.' });
  res.write(greet(String(name)));
});

await new AppHttp(app).startServer('localhost', 3000);
`;

let session: PlaygroundSession;
let page: Page;
let dir = '';
let running: RunningProgram | undefined;

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  const first = await waitForProgram(page);
  await replaceCode(page, program);
  await waitForProgram(page, first);
  dir = mkdtempSync(join(tmpdir(), 'halo-export-'));
});

afterAll(async () => {
  await running?.interrupt('SIGKILL');
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the exported zip installs offline, starts, and answers like the browser', async () => {
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path and query').fill('/greet');
  await page.getByRole('region', { name: 'Request' }).getByRole('tab', { name: 'Body' }).click();
  await page.getByRole('radio', { name: 'Form (urlencoded)' }).check();
  await page.getByLabel('Form field 1 value').fill('Zoë');
  const inBrowser = await send(page);
  expect(inBrowser).toEqual({ status: '200 OK', body: 'Hello, Zoë ✓' });

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Download as Node project' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('halo-program.zip');
  const zipPath = join(dir, 'halo-program.zip');
  await download.saveAs(zipPath);
  // Directory entries (names ending in /) aside, the files of the project.
  const entries = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(readFileSync(zipPath)))).filter(([name]) => !name.endsWith('/')),
  );
  expect(Object.keys(entries).sort()).toEqual(
    ['app.js', 'halo-2.0.0.tgz', 'package.json', 'program.js', 'README.md', 'src/main.ts'].map((name) => `halo-program/${name}`).sort(),
  );
  for (const [name, bytes] of Object.entries(entries)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  const project = join(dir, 'halo-program');
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  expect(manifest.dependencies).toEqual({ halo: 'file:halo-2.0.0.tgz' });

  // --offline: everything comes from the zip (the tarball has halo's own dependencies inlined).
  const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund'], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(install.status, install.stderr).toBe(0);

  running = await runProgram('npm', ['start', '--prefix', project]);
  // It says where it listens: the port HALO_PORT chose, not the 3000 the program names.
  await running.waitForOutput(`${LISTENING_LINE}http://localhost:${new URL(running.origin).port} — press Ctrl+C to stop.`);
  const response = await fetch(`${running.origin}/greet`, { method: 'POST', body: new URLSearchParams({ name: 'Zoë' }) });
  expect(`${response.status} ${response.statusText}`).toBe(inBrowser.status);
  expect(await response.text()).toBe(inBrowser.body);
  const missing = await fetch(`${running.origin}/greet`, { method: 'POST' });
  expect(missing.status).toBe(400);
  expect(await missing.json()).toMatchObject({ is_error: true, status_code: 400, message: 'Missing name.' });
}, 240_000);
