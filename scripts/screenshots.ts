/**
 * `npm run screenshots`: the README's pictures of the playground, taken in headless Chromium from the
 * production build served on 127.0.0.1 — a desktop (1440×900) with a lesson's response shown, and a
 * phone (390×844) with the panes behind tabs — each once the page says it is ready offline. Writes
 * `docs/screenshots/desktop.png` and `phone.png`.
 *
 * Builds the site first; `--dist DIR` takes an existing build instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/e2e/harness/browser.ts';
import { REPO_ROOT } from '../test/e2e/harness/paths.ts';
import { serveStatic } from '../test/e2e/harness/static-server.ts';
import { send, waitForProgram } from '../test/e2e/share-page.ts';

const OUT = resolve(REPO_ROOT, 'docs/screenshots');
const LESSON = '02-routes-and-methods';
const WAIT = { timeout: 120_000 };

/** Opens the lesson in a fresh profile at `viewport`, light theme, until it runs and is ready offline. */
async function open(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme: 'light', deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${url}index.html?lesson=${LESSON}`);
  await waitForProgram(page);
  await page.getByText('Ready offline').waitFor(WAIT);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  const file = resolve(OUT, name);
  // No caret or hover state in the picture.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: file });
  console.log(`${file}: ${Math.round(statSync(file).size / 1024)} KB`);
  await page.context().close();
}

function build(): string {
  const run = (args: string[]) => spawnSync('npm', ['run', ...args], { cwd: REPO_ROOT, stdio: 'inherit' }).status === 0;
  if (!run(['build'])) throw new Error('npm run build failed (output above).');
  return resolve(REPO_ROOT, 'dist');
}

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = values.dist ? resolve(values.dist) : build();
mkdirSync(OUT, { recursive: true });
const server = await serveStatic(dist, '/halo/');
const browser = await launchChromium();
try {
  // Desktop: the lesson's first check request sent, its response beside the code.
  const desktop = await open(browser, server.url, { width: 1440, height: 900 });
  await send(desktop);
  await shoot(desktop, 'desktop.png');

  // Phone: the panes stack behind tabs; the Code tab shows the lesson's program.
  const phone = await open(browser, server.url, { width: 390, height: 844 });
  await phone.getByRole('tablist', { name: 'Panes' }).getByRole('tab', { name: 'Code', exact: true }).click();
  await phone.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
  await shoot(phone, 'phone.png');
} finally {
  await browser.close();
  await server.close();
}
