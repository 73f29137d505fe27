/**
 * Modes in Chromium: presentation mode toggles large type and hides secondary chrome, the `?` help lists
 * the shortcuts, the free playground's templates load with their first request, and `?embed` shows
 * only the editor, Send and the response without touching the learner's saved work.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';
import { send, waitForEditorText, waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { templates } from '../../web/templates/template-catalog.ts';

let session: PlaygroundSession;
let page: Page;

const fontSize = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).fontSize, selector);

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  await waitForProgram(page);
  // The program can run before Monaco (loaded lazily) has rendered; the first test measures its text.
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
});

afterAll(async () => {
  await session?.close();
});

test('Alt+Shift+P toggles presentation mode: large type in editor and panels, minimal chrome', async () => {
  const theme = page.getByLabel('Theme');
  expect(await theme.isVisible()).toBe(true);
  const before = { root: await fontSize('html'), editor: await fontSize('.monaco-editor .view-lines') };
  // The notes close in presentation mode: the editor moves over, it is not rebuilt (cursor, scroll, undo stay).
  expect(await page.getByRole('region', { name: 'Lesson' }).count()).toBe(1);
  await page.evaluate(() => document.querySelector('#editor-pane .monaco-editor')!.setAttribute('data-kept', 'yes'));
  await page.keyboard.press('Alt+Shift+P');
  await page.waitForFunction(() => document.documentElement.classList.contains('presentation'), undefined, WAIT);
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.monaco-editor .view-lines')!).fontSize === '20px',
    undefined,
    WAIT,
  );
  expect(await page.getByRole('region', { name: 'Lesson' }).count()).toBe(0);
  expect(await page.locator('#editor-pane .monaco-editor[data-kept=yes]').count()).toBe(1);
  expect(await fontSize('html')).toBe('20px');
  expect(await theme.isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'Presentation (Alt+Shift+P)' }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: 'Presentation (Alt+Shift+P)' }).click();
  await page.waitForFunction(() => !document.documentElement.classList.contains('presentation'), undefined, WAIT);
  // The editor takes its new size when it next lays out, after the page's own type.
  await expect
    .poll(async () => ({ root: await fontSize('html'), editor: await fontSize('.monaco-editor .view-lines') }), WAIT)
    .toEqual(before);
  await expect.poll(() => theme.isVisible(), WAIT).toBe(true);
});

test('? opens the keyboard help listing every shortcut; Esc closes it', async () => {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor(WAIT);
  const text = await dialog.textContent();
  for (const keys of ['Ctrl/Cmd+Enter', 'Ctrl/Cmd+S', 'Alt+Shift+P', 'Alt+Shift+Enter', '?']) expect(text).toContain(keys);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', ...WAIT });
});

test('the free playground loads a template with its first request', async () => {
  const running = await page.getByTestId('compile-status').getAttribute('data-bundle');
  await page.getByLabel('Free playground: new program from a template').selectOption('rest-todos');
  await waitForEditorText(page, 'new MapService()');
  await waitForProgram(page, running ?? '');
  await expect.poll(() => page.getByLabel('Method').inputValue(), WAIT).toBe('POST');
  await expect.poll(() => page.getByLabel('Path and query').inputValue(), WAIT).toBe('/todos');
  const answer = await send(page);
  expect(answer.status).toBe('201 Created');
  expect(answer.body).toContain('Learn Halo');
});

test('?embed shows only the editor, Send and the response, and leaves saved work alone', async () => {
  const saved = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  const hello = templates.find((t) => t.id === 'hello')!;
  const embed = await session.context.newPage();
  await embed.goto(
    shareUrl(`${session.server.url}index.html?embed`, encodeShare({ lesson: null, files: hello.files, request: hello.request })),
  );
  await embed.locator('[data-mode=embed] .monaco-editor').waitFor(WAIT);
  await waitForProgram(embed);
  expect(await embed.getByTestId('embed-request').textContent()).toBe('GET /hello/Ada');
  expect(await embed.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Send']));
  for (const absent of ['Path and query', 'Theme']) expect(await embed.getByLabel(absent).count()).toBe(0);
  expect(await embed.getByRole('heading', { name: 'Halo Playground' }).count()).toBe(0);
  expect(await embed.getByRole('tab', { name: /Console/ }).count()).toBe(0);
  const answer = await send(embed);
  expect(answer.status).toBe('200 OK');
  expect(answer.body).toContain('Hello, Ada!');
  await embed.close();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toBe(saved);
});
