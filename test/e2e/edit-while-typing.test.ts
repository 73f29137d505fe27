/**
 * Edits answer as you type (issue 35): an edit compiles at once, not after a 400 ms pause in the typing, so a
 * learner typing at a steady pace (a key every 300 ms, each gap shorter than the old debounce) gets the response
 * of an edit while the typing goes on. Send is pressed by a DOM click event, as a pointer would without taking the
 * editor's focus, so every key lands in the editor.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { replaceCode, send, waitForEditorText, waitForProgram } from './share-page.ts';

/** The program's answer is `typed:` and whatever the learner types between the quotes of the last line. */
const CODE = [
  "import { App, AppHttp } from 'halo';",
  'const app = new App();',
  "app.get('/', (req, res) => res.write(greeting()));",
  "await new AppHttp(app).startServer('localhost', 3000);",
  "function greeting() { return 'typed:'; }",
].join('\n');
const LETTERS = 'abcdefghijklmnopqrstuvwxyzabcdefghijklmn';
/** Milliseconds between two keys: a steady typist who never pauses as long as the old debounce (400 ms). */
const KEY_GAP_MS = 300;

const site = serveSiteToChromium();

/** Presses Send with a click event (the editor keeps the focus) and returns the body shown once it was answered. */
async function sendKeepingFocus(page: Page): Promise<{ body: string; shownAt: number }> {
  const button = page.getByRole('button', { name: 'Send', exact: true });
  await button.dispatchEvent('click');
  await button.waitFor(ANSWER);
  const body = (await page.getByRole('region', { name: 'Response' }).getByRole('tabpanel').textContent()) ?? '';
  return { body, shownAt: await page.evaluate(() => performance.now()) };
}

test("an edit's response is shown while the typing goes on", async () => {
  const page = await (await site.browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
  const first = await waitForProgram(page, '', FIRST.timeout);
  await replaceCode(page, CODE);
  await waitForProgram(page, first);
  expect((await send(page)).body).toContain('typed:');
  // The caret between `typed:` and the closing quote: the end of the last line, then before `'; }`.
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => {
    const keys: number[] = [];
    (window as unknown as { keysAt: number[] }).keysAt = keys;
    document.addEventListener('keydown', () => keys.push(performance.now()), true);
  });

  let typingDone = false;
  const typing = page.keyboard.type(LETTERS, { delay: KEY_GAP_MS }).finally(() => (typingDone = true));
  let shown: { body: string; shownAt: number } | null = null;
  while (!typingDone) {
    const answer = await sendKeepingFocus(page);
    const typed = /typed:([a-z]+)/.exec(answer.body)?.[1];
    if (typed && !typingDone) {
      shown = answer;
      break;
    }
  }
  await typing;
  expect(shown, 'no response of an edit was shown before the typing ended').not.toBeNull();
  const typed = /typed:([a-z]+)/.exec(shown!.body)![1];
  // A response of a part of what was typed, and keys still came after it was shown.
  expect(LETTERS.startsWith(typed) && typed.length < LETTERS.length).toBe(true);
  const keysAt = await page.evaluate(() => (window as unknown as { keysAt: number[] }).keysAt);
  expect(keysAt.filter((at) => at > shown!.shownAt).length).toBeGreaterThan(0);
  // Every key reached the editor, and the newest edit is the program that runs in the end.
  await waitForEditorText(page, `'typed:${LETTERS}'`, WAIT.timeout);
  await expect.poll(async () => (await sendKeepingFocus(page)).body, ANSWER).toContain(`typed:${LETTERS}`);
}, 240_000);
