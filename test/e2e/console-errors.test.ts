/**
 * Errors in the free playground, in Chromium: a 500 is one console entry whose stack shows the learner's
 * frames with the framework's folded; a missing `});` is first reported at the `{` it leaves open; half-typed
 * code (`app.` on its own line) does not replace the running program until the learner runs it; values are
 * logged as Node's console.log prints them.
 */
import { format } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';
import { focusEditor, replaceCode, send, waitForProgram } from './share-page.ts';

const program = (routes: string) => `import { App, AppHttp } from 'halo';

const app = new App();

function explode(): never {
  throw new Error('boom');
}

${routes}

await new AppHttp(app).startServer('localhost', 3000);
`;
const boom = program(`app.get('/boom', () => explode());`);

let session: PlaygroundSession;
let page: Page;

const status = () => page.getByTestId('compile-status');
const consoleList = () => page.getByRole('list', { name: 'Console output' });

async function setRequest(method: string, path: string): Promise<void> {
  await page.getByLabel('Method').selectOption(method);
  await page.getByLabel('Path and query').fill(path);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  const first = await waitForProgram(page);
  await replaceCode(page, boom, "app.get('/boom'");
  await waitForProgram(page, first);
});
afterAll(async () => {
  await session?.close();
});

test('a 500 is logged once: the learner frame shown, the framework frames folded', async () => {
  await page.getByRole('tab', { name: /Console/ }).click();
  await page.getByRole('button', { name: 'Clear console' }).click();
  await setRequest('GET', '/boom');
  expect((await send(page)).status).toBe('500 Internal Server Error');
  const entry = consoleList().locator('li', { hasText: 'failed with 500' });
  await entry.first().waitFor(WAIT);
  expect(await entry.count()).toBe(1);
  const shown = await entry.innerText();
  // The stack appears once: `explode` (main.ts line 6) is named once, and no bundle frame is visible.
  expect(shown.match(/at explode/g)).toHaveLength(1);
  expect(shown).toContain('Error: boom');
  // Framework frames come from the server worker's bundle, which the sandbox frame starts from a blob: URL.
  const frameworkFrame = /\((?:blob:|[^)]*server-worker-)[^)]*\)/;
  expect(shown).not.toMatch(frameworkFrame);
  const toggle = entry.locator('summary', { hasText: /framework frame/ });
  await toggle.click();
  await expect.poll(() => entry.innerText(), WAIT).toMatch(frameworkFrame);
});

test('a missing `});` is reported first at the `{` it leaves open', async () => {
  const unclosed = program(`app.get('/a', (req, res) => {
  res.write('a');

app.get('/b', (req, res) => {
  res.write('b');
});

app.get('/boom', () => explode());`);
  // The 500 above marks line 6 until its console entry goes.
  await page.getByRole('button', { name: 'Clear console' }).click();
  await replaceCode(page, unclosed, "app.get('/a'");
  await page.getByRole('tab', { name: /Problems/ }).click();
  const first = page.getByRole('list', { name: 'Problems' }).getByRole('button').first();
  // Line 9 opens the handler that is never closed; esbuild alone reports line 20 ("await … async function").
  await expect.poll(() => first.textContent(), WAIT).toMatch(/main\.ts:9:\d+.*'\}' expected/);
  await page.getByRole('tab', { name: /Console/ }).click();
});

test('half-typed code does not replace the running program; Ctrl/Cmd+Enter runs it', async () => {
  await replaceCode(page, boom, "app.get('/boom'");
  const good = await waitForProgram(page, '');
  // `app.` before the next statement compiles (as `app.app.get(…)`) but would crash the program.
  await replaceCode(page, program(`app.\napp.get('/boom', () => explode());`), 'app.app');
  await page.locator('[data-testid=compile-status][data-phase=held]').waitFor(WAIT);
  expect(await status().textContent()).toMatch(/1 type error.*the last good program keeps running/);
  expect(await status().getAttribute('data-bundle')).toBe(good);
  await setRequest('GET', '/boom');
  expect((await send(page)).status).toBe('500 Internal Server Error');
  expect(await page.getByText(/^Program: crashed/).count()).toBe(0);

  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByText(/^Program: crashed/).waitFor(WAIT);
}, 120_000);

test("the console shows values as Node's console.log does", async () => {
  const logging = `import { App, AppHttp } from 'halo';

const loop: Record<string, unknown> = { name: 'loop' };
loop.self = loop;
console.log('values', new Map([['a', 1]]), new Set([1, 'two']), [undefined, 1], { a: 1, nested: { deep: { deeper: { deepest: 1 } } } });
console.log('circular', loop, 10n, Symbol('s'));

await new AppHttp(new App()).startServer('localhost', 3000);
`;
  await page.getByRole('tab', { name: /Console/ }).click();
  await page.getByRole('button', { name: 'Clear console' }).click();
  const before = (await status().getAttribute('data-bundle')) ?? '';
  await replaceCode(page, logging, 'import');
  await waitForProgram(page, before);
  const loop: Record<string, unknown> = { name: 'loop' };
  loop.self = loop;
  const expected = [
    format('values', new Map([['a', 1]]), new Set([1, 'two']), [undefined, 1], { a: 1, nested: { deep: { deeper: { deepest: 1 } } } }),
    format('circular', loop, 10n, Symbol('s')),
  ];
  for (const text of expected) {
    const entry = consoleList().locator('li', { hasText: text.split(' ')[0] });
    await expect.poll(async () => (await entry.allInnerTexts()).join('\n'), WAIT).toContain(text);
  }
}, 120_000);
