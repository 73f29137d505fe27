/**
 * The code is there before Monaco (issue 23): a first visit shows the program highlighted in an editable
 * text area while the editor's chunk is still on its way (the host holds it back), what the learner types
 * there goes into the program and its saved code, and the editor then takes over in place: the code's first
 * line does not move, the caret is where it was, and typing goes on in the editor.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { serveSiteToChromium } from './harness/served-site.ts';
import { FIRST, WAIT } from './harness/wait.ts';
import { waitForEditorText } from './share-page.ts';

/** The lazily loaded chunk of the program editor (Monaco's editor component). */
const EDITOR_CHUNK = /\/code-editor-[^/]*\.js(\.gz)?$/;

const site = serveSiteToChromium();

/** Where the first character of the code's first line is drawn, in page pixels: in the placeholder, or in Monaco. */
function firstCharacterBox(page: Page, where: 'placeholder' | 'monaco'): Promise<{ x: number; y: number; height: number }> {
  return page.evaluate((which) => {
    const line =
      which === 'placeholder'
        ? document.querySelector('[data-testid=code-placeholder-lines] > div')
        : [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-lines .view-line')].find((l) => l.style.top === '0px');
    const text = line && document.createTreeWalker(line, NodeFilter.SHOW_TEXT).nextNode();
    if (!text) throw new Error(`no first line in the ${which}`);
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, 1);
    const { x, y, height } = range.getBoundingClientRect();
    return { x, y, height };
  }, where);
}

test('typing before the editor has loaded is kept: in the editor, at the caret, and in the saved code after a reload', async () => {
  const editorChunk = site.server.hold(EDITOR_CHUNK);
  let released = false;
  try {
    const page = await (await site.browser.newContext()).newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
    const placeholder = page.getByRole('textbox', { name: /^Program editor, main\.ts \(plain text/ });
    await placeholder.waitFor(FIRST);
    const starter = await placeholder.inputValue();
    const firstLine = starter.split('\n')[0];
    expect(firstLine).toContain('import');
    // Highlighted: the keyword has Monaco's keyword colour.
    await expect
      .poll(() =>
        page
          .getByTestId('code-placeholder-lines')
          .locator('span', { hasText: /^import$/ })
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      )
      .toBe('rgb(0, 0, 255)');
    // The page asked for the editor (the first program ran) and the host holds it back: the editor is not ready.
    await expect.poll(() => site.server.requests.some((path) => EDITOR_CHUNK.test(path)), FIRST).toBe(true);
    expect(await page.locator('.monaco-editor').count()).toBe(0);

    await placeholder.focus();
    await placeholder.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.keyboard.type('// typed early\n');
    await expect.poll(() => placeholder.inputValue()).toBe(`// typed early\n${starter}`);
    const before = await firstCharacterBox(page, 'placeholder');

    editorChunk.release();
    released = true;
    await page.locator('.monaco-editor .view-lines').waitFor(FIRST);
    await page.getByTestId('code-placeholder').waitFor({ state: 'detached', ...WAIT });
    await waitForEditorText(page, '// typed early');
    const after = await firstCharacterBox(page, 'monaco');
    expect(Math.abs(after.x - before.x), `first line moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`).toBeLessThanOrEqual(
      2,
    );
    expect(Math.abs(after.y - before.y), `first line moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`).toBeLessThanOrEqual(
      2,
    );
    expect(Math.abs(after.height - before.height)).toBeLessThanOrEqual(2);

    // The editor has the focus and the caret where the placeholder had it: at the start of line 2.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
    await page.keyboard.type('/* then */ ');
    await waitForEditorText(page, `/* then */ ${firstLine}`);

    // Saved like any edit: a reload opens the edited code.
    await page.reload();
    const saved = await page.evaluate(() => localStorage.getItem('halo.workspaces.v1'));
    expect(saved).toContain('// typed early');
    expect(saved).toContain('/* then */ import');
    await page.locator('.monaco-editor .view-lines').waitFor(FIRST);
    await waitForEditorText(page, `/* then */ ${firstLine}`);
    await page.context().close();
  } finally {
    if (!released) editorChunk.release();
  }
}, 180_000);
