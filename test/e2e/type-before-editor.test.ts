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

/**
 * Where the first character of a line of the code is drawn in the code's area (pixels from its top left
 * corner, so a shift of the whole page does not count), in the placeholder or in Monaco: the first line,
 * or the one whose text starts with `text`.
 */
function characterBox(page: Page, where: 'placeholder' | 'monaco', text?: string): Promise<{ x: number; y: number; height: number }> {
  return page.evaluate(
    ([which, wanted]) => {
      const lines =
        which === 'placeholder'
          ? [...document.querySelectorAll<HTMLElement>('[data-testid=code-placeholder-lines] > div')]
          : [...document.querySelectorAll<HTMLElement>('.monaco-editor .view-lines .view-line')];
      const line = wanted
        ? lines.find((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ').startsWith(wanted))
        : which === 'placeholder'
          ? lines[0]
          : lines.find((l) => l.style.top === '0px');
      const node = line && document.createTreeWalker(line, NodeFilter.SHOW_TEXT).nextNode();
      if (!node) throw new Error(`no line ${wanted || 'at the top'} in the ${which}`);
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, 1);
      const { x, y, height } = range.getBoundingClientRect();
      const area = document.querySelector('[data-testid=code-area]')!.getBoundingClientRect();
      return { x: x - area.x, y: y - area.y, height };
    },
    [where, text ?? ''] as const,
  );
}

/** Fails unless the two boxes are within 2 pixels of each other. */
function expectInPlace(before: { x: number; y: number; height: number }, after: { x: number; y: number; height: number }): void {
  const moved = `the line moved from ${JSON.stringify(before)} to ${JSON.stringify(after)}`;
  expect(Math.abs(after.x - before.x), moved).toBeLessThanOrEqual(2);
  expect(Math.abs(after.y - before.y), moved).toBeLessThanOrEqual(2);
  expect(Math.abs(after.height - before.height), moved).toBeLessThanOrEqual(2);
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
    const before = await characterBox(page, 'placeholder');

    editorChunk.release();
    released = true;
    await page.locator('.monaco-editor .view-lines').waitFor(FIRST);
    await page.getByTestId('code-placeholder').waitFor({ state: 'detached', ...WAIT });
    await waitForEditorText(page, '// typed early');
    expectInPlace(before, await characterBox(page, 'monaco'));

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

test('with large text, the dark theme and the code scrolled, the editor takes over at the same scroll position, in place', async () => {
  const editorChunk = site.server.hold(EDITOR_CHUNK);
  let released = false;
  try {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      if (!localStorage.getItem('halo.layout.v1'))
        localStorage.setItem('halo.layout.v1', JSON.stringify({ largeText: true, theme: 'dark' }));
    });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${site.server.url}index.html?lesson=01-getting-started`);
    const placeholder = page.getByRole('textbox', { name: /^Program editor, main\.ts \(plain text/ });
    await placeholder.waitFor(FIRST);
    await expect.poll(() => site.server.requests.some((path) => EDITOR_CHUNK.test(path)), FIRST).toBe(true);
    // Sixty more lines at the end, as a paste, then the code scrolled by 20 lines of 27 px (20 px text).
    await placeholder.focus();
    await placeholder.press('ControlOrMeta+End');
    await page.keyboard.insertText(Array.from({ length: 60 }, (_, i) => `// row ${String(i).padStart(2, '0')}`).join('\n'));
    await placeholder.evaluate((el: HTMLTextAreaElement) => (el.scrollTop = 20 * 27));
    expect(await placeholder.evaluate((el: HTMLTextAreaElement) => el.scrollTop)).toBe(540);
    const topLine = (await placeholder.inputValue()).split('\n')[20];
    expect(topLine).toMatch(/^\/\/ row \d\d$/);
    const before = await characterBox(page, 'placeholder', topLine);

    editorChunk.release();
    released = true;
    await page.locator('.monaco-editor .view-lines').waitFor(FIRST);
    await page.getByTestId('code-placeholder').waitFor({ state: 'detached', ...WAIT });
    await waitForEditorText(page, topLine);
    expectInPlace(before, await characterBox(page, 'monaco', topLine));
    await context.close();
  } finally {
    if (!released) editorChunk.release();
  }
}, 180_000);
