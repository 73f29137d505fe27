/** Page helpers shared by the share, export, modes and offline end-to-end tests. */
import type { Page } from 'playwright-core';
import { ANSWER, WAIT } from './harness/wait.ts';

/** Waits until the program built from the current code runs (its bundle id differs from `before`). */
export async function waitForProgram(page: Page, before = '', timeout = ANSWER.timeout): Promise<string> {
  const handle = await page.waitForFunction(
    (old) => {
      // The full page has a status line; an embed carries the same attributes on its main element.
      const el = document.querySelector('[data-testid=compile-status], main[data-mode=embed]');
      const bundle = el?.getAttribute('data-bundle') ?? '';
      return el?.getAttribute('data-phase') === 'ok' && bundle !== old && bundle !== '' && bundle;
    },
    before,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Clicks into the Monaco editor inside `scope` (the program's by default) and waits until it holds the focus.
 * It clicks the editor's own box, not its `.view-lines`: those are as tall as the scrolled content, so once
 * Monaco scrolled (Playwright scrolling them into view does that) their centre can lie above the editor.
 */
export async function focusEditor(page: Page, scope = ''): Promise<void> {
  const editor = `${scope} .monaco-editor`.trim();
  await page.locator(editor).first().click();
  await page.waitForFunction((selector) => document.activeElement?.closest(selector) != null, editor, WAIT);
}

/**
 * Pastes `text` over everything in the Monaco editor inside `scope` (the program's editor by default), as a
 * learner would (typing would meet Monaco's auto-closing brackets). The paste goes to the focused element,
 * so it waits for that editor to hold the focus first.
 */
export async function pasteIntoEditor(page: Page, text: string, scope = ''): Promise<void> {
  await focusEditor(page, scope);
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Replaces the whole text of the Monaco editor inside `scope` with a paste; waits until it shows `until`. A
 * paste the editor did not take (its focus moved away under load between the click and the paste) is made
 * again: each paste selects all first, so a late earlier one is replaced.
 */
export async function replaceInEditor(page: Page, text: string, until: string, scope = ''): Promise<void> {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    await pasteIntoEditor(page, text, scope);
    if (attempt === attempts) return waitForEditorText(page, until, WAIT.timeout, scope);
    try {
      return await waitForEditorText(page, until, WAIT.timeout / attempts, scope);
    } catch {
      // Not shown yet: paste again.
    }
  }
}

/** Replaces the program editor's whole text with a paste, as a learner would; waits until it shows `until`. */
export function replaceCode(page: Page, code: string, until = code.split('\n')[0]): Promise<void> {
  return replaceInEditor(page, code, until);
}

/** Opens `name` from the file tree and waits until Monaco shows it, so what follows (a paste) lands in it. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Files' }).getByRole('button', { name, exact: true }).click();
  await page.waitForFunction((file) => document.querySelector('[data-shown-file]')?.getAttribute('data-shown-file') === file, name, WAIT);
}

/** Waits until the editor (the one inside `scope`, else the program's) shows `text` (usable outside a test, unlike expect.poll). */
export async function waitForEditorText(page: Page, text: string, timeout = WAIT.timeout, scope = ''): Promise<void> {
  await page.waitForFunction(
    ([wanted, lines]) => (document.querySelector(lines)?.textContent ?? '').replace(/\u00a0/g, ' ').includes(wanted),
    [text, `${scope} .monaco-editor .view-lines`.trim()] as const,
    { timeout },
  );
}

/**
 * Waits until the code shows `text` to the learner: in Monaco, or before it has loaded in the code
 * placeholder they read and type in (code-placeholder.tsx). For asserting what is shown, not for typing.
 */
export async function waitForCodeShown(page: Page, text: string, timeout = WAIT.timeout): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const monaco = document.querySelector('.monaco-editor .view-lines')?.textContent ?? '';
      const placeholder = document.querySelector<HTMLTextAreaElement>('[data-testid=code-placeholder] textarea')?.value ?? '';
      return [monaco, placeholder].some((shown) => shown.replace(/\u00a0/g, ' ').includes(wanted));
    },
    text,
    { timeout },
  );
}

/** The editor's visible text (Monaco renders non-breaking spaces). */
export async function editorText(page: Page): Promise<string> {
  return ((await page.locator('.monaco-editor .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
}

/**
 * Clicks Send, waits for the answer, and returns the status and the response panel's text. The button
 * reads "Sending…" from the click (a synchronous render) until the exchange ends, so "Send" again means
 * this request's answer is the one shown, not the previous one.
 */
export async function send(page: Page): Promise<{ status: string; body: string }> {
  const button = page.getByRole('button', { name: 'Send', exact: true });
  await button.click();
  await button.waitFor(ANSWER);
  const response = page.getByRole('region', { name: 'Response' });
  // An exchange that failed shows why instead of a status: fail with that, not with a timeout.
  await page.getByTestId('response-status').or(response.getByRole('alert')).first().waitFor(ANSWER);
  if ((await page.getByTestId('response-status').count()) === 0) {
    throw new Error(`Send got no response: ${(await response.getByRole('alert').first().textContent()) ?? ''}`);
  }
  return {
    status: (await page.getByTestId('response-status').textContent()) ?? '',
    // Text, a JSON tree or an HTML preview: the selected tab panel's text covers all of them.
    body: (await response.getByRole('tabpanel').textContent()) ?? '',
  };
}
