/**
 * Edits answer as you type (issue 35): an edit compiles at once, not after a 400 ms pause in the typing. The learner
 * types a letter, and as soon as its program runs presses Send and reads its answer, then types the next letter:
 * each edit's response is shown while the typing goes on, and each compile began well within 400 ms of its key
 * (with a 400 ms debounce none could). Send is pressed by a DOM click event, as a pointer would without taking the
 * editor's focus, so every key lands in the editor.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { focusEditor, replaceCode, send, waitForEditorText, waitForProgram } from './share-page.ts';

/** The program's answer is `typed:` and whatever the learner types between the quotes of the last line. */
const CODE = [
  "import { App, AppHttp } from 'halo';",
  'const app = new App();',
  "app.get('/', (req, res) => res.write(greeting()));",
  "await new AppHttp(app).startServer('localhost', 3000);",
  "function greeting() { return 'typed:'; }",
].join('\n');
const LETTERS = 'abcde';

const site = serveSiteToChromium();

/** Presses Send with a click event (the editor keeps the focus) and returns the body shown once it was answered. */
async function sendKeepingFocus(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Send', exact: true });
  await button.dispatchEvent('click');
  await button.waitFor(ANSWER);
  return (await page.getByRole('region', { name: 'Response' }).getByRole('tabpanel').textContent()) ?? '';
}

test("an edit's response is shown while the typing goes on", async () => {
  const page = await (await site.browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
  const first = await waitForProgram(page, '', FIRST.timeout);
  // Monaco loads after the first program ran (a first visit: over the network).
  await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
  await replaceCode(page, CODE);
  // The first edit's compile also starts esbuild (its wasm compiled on a first visit).
  let bundle = await waitForProgram(page, first, FIRST.timeout);
  expect((await send(page)).body).toContain('typed:');
  // The caret between `typed:` and the closing quote: the end of the last line, then before `'; }`.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await page.evaluate(() => {
    const seen = { keysAt: [] as number[], compilesAt: [] as number[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    document.addEventListener('keydown', () => seen.keysAt.push(performance.now()), true);
    const status = document.querySelector('[data-testid=compile-status]')!;
    new MutationObserver(() => {
      if (status.getAttribute('data-phase') === 'compiling') seen.compilesAt.push(performance.now());
    }).observe(status, { attributes: true, attributeFilter: ['data-phase'] });
  });

  let typed = '';
  for (const letter of LETTERS) {
    typed += letter;
    await page.keyboard.press(letter);
    bundle = await waitForProgram(page, bundle);
    // The response of this edit, shown before the next key.
    await expect.poll(() => sendKeepingFocus(page), ANSWER).toMatch(new RegExp(`typed:${typed}(?![a-z])`));
  }
  await waitForEditorText(page, `'typed:${LETTERS}'`, WAIT.timeout);
  const { keysAt, compilesAt } = await page.evaluate(
    () => (window as unknown as { seen: { keysAt: number[]; compilesAt: number[] } }).seen,
  );
  expect(keysAt).toHaveLength(LETTERS.length);
  // From each key to the start of the compile of its edit (a debounce adds 400 ms to every one of them).
  const waits = keysAt.map((at) => Math.round((compilesAt.find((c) => c > at) ?? Infinity) - at)).sort((a, b) => a - b);
  expect(waits[Math.floor(waits.length / 2)], `key → compile started: ${waits.join(', ')} ms`).toBeLessThan(400);
}, 240_000);
