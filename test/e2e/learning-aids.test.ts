/**
 * The learning aids through the UI, in Chromium: a lesson's http block's Send fills the request panel and
 * sends; "Put in editor" replaces the code (asking first, naming the file) as an edit Ctrl+Z
 * undoes; "Insert at cursor"; links to other lessons; the API reference from an api: link, its offline
 * search, and from the editor's hover; the JavaScript tab with the compiled program, read-only. On a phone
 * (390×844) the API reference fills the screen with touch-sized controls.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';
import { editorText, waitForEditorText, waitForProgram } from './share-page.ts';

const { findLesson, lessons } = builtCourse;

const SHOTS = resolve(REPO_ROOT, 'test/.artifacts/learning-aids');
const PHONE = { width: 390, height: 844 };
const lesson1 = lessons[0];

let session: PlaygroundSession;
let page: Page;

const request = () => page.getByRole('region', { name: 'Request' });
const article = () => page.getByRole('article', { name: /^Lesson \d+: / });
const apiPanel = () => page.getByRole('dialog', { name: 'API reference' });
const countOf = (text: string, part: string) => text.split(part).length - 1;

/** Presses Ctrl/Cmd+Z in the editor. */
async function undoInEditor(): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+Z');
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await PlaygroundSession.open({ page: 'index.html?lesson=01-getting-started' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  await waitForProgram(page);
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
});
afterAll(async () => {
  await session?.close();
});

test("an http block's Send fills the request panel and sends the request to the program", async () => {
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Path and query').fill('/elsewhere');
  await article().getByRole('button', { name: 'Send GET /' }).click();
  await page.getByTestId('response-status').waitFor(WAIT);
  await expect.poll(() => page.getByTestId('response-status').textContent(), WAIT).toMatch(/^200 /);
  await expect.poll(() => page.getByLabel('Method').inputValue(), WAIT).toBe('GET');
  await expect.poll(() => page.getByLabel('Path and query').inputValue(), WAIT).toBe('/');
  // A response block of the lesson has nothing to send.
  expect(await article().getByRole('button', { name: /^Send/ }).count()).toBe(1);
});

test('"Put in editor" over the untouched starter says first that it replaces main.ts; Ctrl+Z brings the starter back', async () => {
  await waitForEditorText(page, lesson1.starter['main.ts'].split('\n')[0]);
  // From the keyboard: focus the button, press Enter, confirm with Enter.
  await article().getByRole('button', { name: 'Put in editor' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Put this code in the editor?' });
  await dialog.waitFor(WAIT);
  expect(await dialog.textContent()).toContain('It replaces all of main.ts with this code.');
  await dialog.getByRole('button', { name: 'Replace the code' }).click();
  await waitForEditorText(page, "res.write('Hello, world!');");
  await undoInEditor();
  await expect.poll(() => editorText(page), WAIT).not.toContain("res.write('Hello, world!');");
});

test('"Put in editor" over the learner\'s own code asks first; Cancel keeps it, Replace replaces it and Ctrl+Z restores it', async () => {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// my own note');
  await waitForEditorText(page, '// my own note');

  await article().getByRole('button', { name: 'Put in editor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Put this code in the editor?' });
  await dialog.waitFor(WAIT);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  expect(await editorText(page)).toContain('// my own note');

  await article().getByRole('button', { name: 'Put in editor' }).click();
  await dialog.getByRole('button', { name: 'Replace the code' }).click();
  await waitForEditorText(page, "res.write('Hello, world!');");
  expect(await editorText(page)).not.toContain('// my own note');
  await undoInEditor();
  await waitForEditorText(page, '// my own note');
});

test('"Insert at cursor" inserts the example where the caret is, as one undoable edit', async () => {
  const before = await editorText(page);
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  await article().getByRole('button', { name: 'Insert at cursor' }).click();
  await expect
    .poll(async () => countOf(await editorText(page), 'const app = new App();'), WAIT)
    .toBe(countOf(before, 'const app = new App();') + 1);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect
    .poll(async () => countOf(await editorText(page), 'const app = new App();'), WAIT)
    .toBe(countOf(before, 'const app = new App();'));
});

test('the JavaScript tab shows what esbuild produced for the program, read-only, and follows the next build', async () => {
  const running = await waitForProgram(page);
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  const output = page.locator('[data-compiled-output] .view-lines');
  await output.waitFor(WAIT);
  // Monaco renders the lines in view: the program comes after the `halo` shim, at the end. The click goes to the
  // editor's box: `.view-lines` spans every line, scrolled, and once at the end its middle lies above the pane, over
  // the program's editor (the page itself does not scroll).
  const end = async () => {
    await page.locator('[data-compiled-output] .monaco-editor').click();
    await page.keyboard.press('ControlOrMeta+End');
    return (await output.textContent())?.replace(/\u00a0/g, ' ');
  };
  await expect.poll(end, WAIT).toContain('app.get("/"');
  const shown = await output.textContent();
  expect(shown).not.toContain('sourceMappingURL');
  // Read-only: typing changes nothing. Monaco's refusal (shown as it renders the keystrokes) tells when to look.
  await page.keyboard.type('typed');
  await page.locator('[data-compiled-output] .monaco-editor-overlaymessage', { hasText: 'Cannot edit in read-only editor' }).waitFor(WAIT);
  expect(await output.textContent()).toBe(shown);

  // The learner's next program: the tab shows its JavaScript.
  await article().getByRole('button', { name: 'Put in editor' }).click();
  await page.getByRole('dialog', { name: 'Put this code in the editor?' }).getByRole('button', { name: 'Replace the code' }).click();
  await waitForProgram(page, running);
  await expect.poll(end, WAIT).toContain('res.write("Hello, world!")');
  await page.screenshot({ path: resolve(SHOTS, 'javascript-tab.png') });
  await page.getByRole('tab', { name: /^Console/ }).click();
});

test('an api: link opens the API reference at its entry; inherited members and the offline search work; Esc closes it', async () => {
  await article().getByRole('link', { name: 'app.get (API reference)' }).click();
  await apiPanel().waitFor(WAIT);
  // Route registration lives in Routable, the base both Router and Service extend (spec rule 6).
  await expect.poll(() => apiPanel().getByRole('heading', { level: 3 }).textContent(), WAIT).toMatch(/^Routable\.get/);
  await expect.poll(() => apiPanel().textContent(), WAIT).toContain('App.get is inherited: it is Routable.get.');

  await apiPanel().getByRole('button', { name: 'Routable', exact: true }).click();
  await expect.poll(() => apiPanel().getByRole('heading', { level: 3 }).textContent(), WAIT).toMatch(/^Routable/);
  await apiPanel().getByRole('button', { name: '← All of the API' }).click();
  const search = apiPanel().getByLabel('Search the API');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')), WAIT).toBe('search');
  await search.fill('badRequest');
  await apiPanel().getByRole('list', { name: 'API entries' }).getByRole('button').first().click();
  await expect.poll(() => apiPanel().getByRole('heading', { level: 3 }).textContent(), WAIT).toMatch(/^HttpException\.badRequest/);
  await expect.poll(() => apiPanel().locator('pre').first().textContent(), WAIT).toContain('static badRequest(');
  await page.screenshot({ path: resolve(SHOTS, 'api-reference.png') });

  await page.keyboard.press('Escape');
  await expect.poll(() => apiPanel().count(), WAIT).toBe(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT).toBe('app.get (API reference)');
});

test("the editor's hover over a Halo symbol links to its API reference entry", async () => {
  // Monaco merges tokens of one colour into one span: the word's own box comes from a DOM Range.
  const point = await page.evaluate(() => {
    const lines = document.querySelector('#editor-pane .monaco-editor .view-lines');
    const walker = document.createTreeWalker(lines!, NodeFilter.SHOW_TEXT);
    let found: { x: number; y: number } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The last one: `new AppHttp(app)` (the first is in the import).
      const at = node.textContent?.lastIndexOf('AppHttp') ?? -1;
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'AppHttp'.length);
      const box = range.getBoundingClientRect();
      found = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    return found;
  });
  expect(point).not.toBeNull();
  await page.mouse.move(point!.x, point!.y);
  const link = page.locator('.monaco-hover a', { hasText: 'Open AppHttp in the API reference' });
  await link.waitFor(WAIT);
  await link.click();
  await apiPanel().waitFor(WAIT);
  await expect.poll(() => apiPanel().getByRole('heading', { level: 3 }).textContent(), WAIT).toMatch(/^AppHttp/);
  await apiPanel().getByRole('button', { name: 'Close', exact: true }).click();
});

test('a link to another lesson opens it in place', async () => {
  await page.goto(new URL('index.html?lesson=08-services', page.url()).href);
  await page.getByRole('article', { name: new RegExp(`^Lesson ${findLesson('08-services')!.number}: `) }).waitFor(WAIT);
  await page.getByRole('link', { name: 'MemoryService and queries' }).click();
  await page.getByRole('article', { name: new RegExp(`^Lesson ${findLesson('15-memory-service')!.number}: `) }).waitFor(WAIT);
  await expect.poll(() => new URL(page.url()).searchParams.get('lesson'), WAIT).toBe('15-memory-service');
});

test('a summary of several requests has one Send per line, each sending its own request', async () => {
  await page.goto(new URL('index.html?lesson=02-routes-and-methods', page.url()).href);
  await page.getByRole('article', { name: /^Lesson 2: / }).waitFor(WAIT);
  await waitForProgram(page);
  await article().getByRole('button', { name: 'Send GET /lamps' }).click();
  await expect.poll(() => page.getByTestId('response-status').textContent(), WAIT).toMatch(/^404 /);
  await expect.poll(() => request().getByLabel('Method', { exact: true }).inputValue(), WAIT).toBe('GET');
  await expect.poll(() => request().getByLabel('Path and query').inputValue(), WAIT).toBe('/lamps');
  await article().getByRole('button', { name: 'Send HEAD /lamp' }).click();
  await expect.poll(() => request().getByLabel('Method', { exact: true }).inputValue(), WAIT).toBe('HEAD');
  await expect.poll(() => request().getByLabel('Path and query').inputValue(), WAIT).toBe('/lamp');
});

test('at 390×844 the API reference fills the screen, searches and shows an entry, with touch-sized controls', async () => {
  await page.setViewportSize(PHONE);
  // On a phone the toolbar keeps it behind "More".
  await page.getByRole('banner').getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('button', { name: 'API reference' }).click();
  await apiPanel().waitFor(WAIT);
  const box = await apiPanel().boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 2);
  expect(box?.height).toBeGreaterThanOrEqual(PHONE.height - 2);
  await apiPanel().getByLabel('Search the API').fill('map service');
  await apiPanel().getByRole('button', { name: 'MapService', exact: true }).click();
  await expect.poll(() => apiPanel().getByRole('heading', { level: 3 }).textContent(), WAIT).toMatch(/^MapService/);
  const small = await apiPanel().evaluate((panel) =>
    [...panel.querySelectorAll<HTMLElement>('button, input')]
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().height < 40)
      .map((e) => e.textContent?.trim() || e.tagName),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: resolve(SHOTS, 'phone-api-reference.png') });
  await apiPanel().getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(() => apiPanel().count(), WAIT).toBe(0);
});
