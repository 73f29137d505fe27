/**
 * "Download as Node project" in Chromium: the zip, unpacked in a temp dir, installs offline from its
 * bundled halo tarball, starts with `npm start`, says where it listens, and answers the same request with
 * the same body as the program did in the browser.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { exportNodeProject } from './node-export.ts';
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

  const { project, entries } = await exportNodeProject(page, dir);
  expect(entries.sort()).toEqual(
    ['app.js', 'halo-2.0.0.tgz', 'package.json', 'program.js', 'README.md', 'src/main.ts'].map((name) => `halo-program/${name}`).sort(),
  );
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  expect(manifest.dependencies).toEqual({ halo: 'file:halo-2.0.0.tgz' });

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
