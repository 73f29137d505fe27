/**
 * Keystroke → response shown, for the learner bench: the learner types one letter at a time into Monaco, and as
 * soon as the program built from it runs the page presses Send (there is no auto-send); each edit is timed by the
 * page's clock from the key's `keydown` to the frame in which the panel shows the new body.
 */
import type { Page } from 'playwright-core';
import { ANSWER, FIRST } from './harness/wait.ts';
import { focusEditor, replaceCode, send, waitForProgram } from './share-page.ts';

/** A program answering `typed:` and whatever is typed before the closing quote of its last line (its end, 4 keys left). */
const CODE = `import { App, AppHttp } from 'halo';
const app = new App();
app.get('/', (req, res) => res.write(typed()));
await new AppHttp(app).startServer('localhost', 3000);
function typed() { return 'typed:'; }`;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * In the page: presses Send in the task the status line first shows a program other than `old` running (`data-phase`
 * `ok` with a bundle). Clicked from the page (`HTMLElement.click`), as a pointer would without taking the editor's
 * focus, and at once, with no round trip to the bench nor its actionability checks between the program starting and
 * the click. Self-contained, for `page.evaluate` and `addInitScript` alike (learner-phases.ts arms every page with it).
 */
export function pressSendOnceRunning(old: string): void {
  new MutationObserver((_, observer) => {
    const status = document.querySelector('[data-testid=compile-status]');
    const now = status?.getAttribute('data-bundle') ?? '';
    if (status?.getAttribute('data-phase') !== 'ok' || now === '' || now === old) return;
    const send = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send');
    if (!send) return;
    observer.disconnect();
    send.click();
  }).observe(document, { attributes: true, childList: true, subtree: true, attributeFilter: ['data-phase', 'data-bundle'] });
}

/**
 * In the page: notes (as `shownAt`) the start of the frame that first shows a response body matching `pattern`.
 * A MutationObserver and one animation frame, not a poll every frame: polling kept the page producing frames, which
 * the page's own work then competed with. Self-contained, for `page.evaluate`.
 */
function noteWhenShown(pattern: string): void {
  const bench = window as unknown as { shownAt: number };
  bench.shownAt = 0;
  new MutationObserver((_, observer) => {
    if (!new RegExp(pattern).test(document.querySelector('pre[aria-label="Response body"]')?.textContent ?? '')) return;
    observer.disconnect();
    requestAnimationFrame(() => (bench.shownAt = performance.now()));
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Makes the page press Send once the program after `bundle` runs (pressSendOnceRunning), note when the next key goes
 * down, and when a body matching `pattern` is shown (noteWhenShown).
 */
async function armSend(page: Page, bundle: string, pattern: string): Promise<void> {
  await page.evaluate(() => {
    const bench = window as unknown as { keyAt: number };
    bench.keyAt = 0;
    document.addEventListener('keydown', () => (bench.keyAt = performance.now()), { capture: true, once: true });
  });
  await page.evaluate(noteWhenShown, pattern);
  await page.evaluate(pressSendOnceRunning, bundle);
}

/**
 * Opens lesson 1's editor on a program that answers what is typed, then (after `pauseMs`) types `count` letters, one
 * at a time, each once the answer to the one before is shown; returns each keystroke → new body shown, in ms.
 */
export async function keystrokeEdits(page: Page, url: string, count: number, pauseMs = 0): Promise<number[]> {
  await page.goto(url);
  const first = await waitForProgram(page, '', FIRST.timeout);
  // Typing goes to Monaco once it has taken over from the code text area (after the first program ran).
  await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
  await replaceCode(page, CODE);
  // The first edit's compile also starts esbuild (its wasm compiled on a first visit): not timed.
  let bundle = await waitForProgram(page, first, FIRST.timeout);
  if (!(await send(page)).body.includes('typed:')) throw new Error('the typing program did not answer');
  // A learner reading before typing (the profile's question: is what the first keys wait for the editor's start?).
  if (pauseMs) await page.waitForTimeout(pauseMs);
  // The caret between `typed:` and the closing quote: the end of the last line, then before `'; }`.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const typed = LETTERS.slice(0, i + 1);
    await armSend(page, bundle, `^typed:${typed}$`);
    await page.keyboard.press(LETTERS[i]);
    const shown = await page.waitForFunction(() => (window as unknown as { shownAt: number }).shownAt, undefined, {
      ...ANSWER,
      polling: 100,
    });
    const shownAt = await shown.jsonValue();
    const keyAt = await page.evaluate(() => (window as unknown as { keyAt: number }).keyAt);
    if (!keyAt) throw new Error(`edit ${i}: its key was not seen`);
    out.push(shownAt - keyAt);
    bundle = await waitForProgram(page, bundle);
  }
  return out;
}
