/**
 * The exercise's checks editor (issue 21), in Chromium on the built site: a Monaco JSON editor over the
 * checks of the exercise being made, validated against the check schema as you type. A wrong key is
 * underlined on its line and named in the status while the draft stays as it was; a fixed text is
 * applied (the check's card shows it); a syntax error is underlined where it is. Hostile text (markup,
 * `__proto__`, a megabyte) stays inert and the page responsive. Before Monaco has loaded, a text area is
 * the editor with the same validation, and what was typed there carries over into Monaco.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { sendRequest } from './exercise-maker-page.ts';
import { replaceCode, replaceInEditor, waitForProgram } from './share-page.ts';

const PROGRAM = `import { App, AppHttp, MapService } from 'halo';

const app = new App();
app.use('/todos', new MapService());

await new AppHttp(app).startServer('localhost', 3000);
`;

/** A check of the todos program, with `expect` as given, as the text a teacher would paste. */
const checksText = (expectPart: string, title = 'Creates a todo') =>
  `[
  {
    "title": "${title}",
    "request": { "method": "POST", "path": "/todos", "body": { "text": "Write the exercise" } },
    ${expectPart}
  }
]`;

const EDITOR = '[data-testid=checks-editor]';
const VALID = 'Valid checks: applied.';

let session: PlaygroundSession;
let page: Page;
let recordedTitle = '';

const status = (p: Page) => p.locator('#checks-json-state');
const jsonToggle = (p: Page) => p.getByRole('checkbox', { name: 'Edit as JSON' });

/** Waits until the checks editor's status line reads `text` (or matches it). */
async function waitForStatus(p: Page, text: string | RegExp): Promise<string> {
  await expect.poll(async () => (await status(p).textContent()) ?? '', WAIT).toMatch(text);
  return (await status(p).textContent()) ?? '';
}

/** Whether the checks editor shows `text` (Monaco renders only the lines in view, with non-breaking spaces). */
const shows = (p: Page, text: string) =>
  p.evaluate(
    ([scope, wanted]) => (document.querySelector(`${scope} .view-lines`)?.textContent ?? '').replace(/\u00a0/g, ' ').includes(wanted),
    [EDITOR, text] as const,
  );

/** Pastes `text` over the checks' Monaco editor and waits until it shows `until` (the check's `expect` line, where each text pasted here differs). */
const pasteChecks = (p: Page, text: string, until = text.split('\n')[4].trim()) => replaceInEditor(p, text, until, EDITOR);

/**
 * The text of each line the checks editor underlines as an error, as shown: Monaco draws a squiggle in
 * the overlay row at the same height as the line of text it belongs to.
 */
function markedLines(p: Page): Promise<string[]> {
  return p.evaluate((scope) => {
    const root = document.querySelector(scope);
    const lines = [...(root?.querySelectorAll<HTMLElement>('.view-line') ?? [])];
    return [...(root?.querySelectorAll<HTMLElement>('.squiggly-error') ?? [])].map((squiggle) => {
      const top = squiggle.parentElement?.style.top;
      return (lines.find((line) => line.style.top === top)?.textContent ?? '?').replace(/\u00a0/g, ' ').trim();
    });
  }, EDITOR);
}

/** Opens the checks as JSON and waits until Monaco shows them. */
async function openJson(p: Page): Promise<void> {
  await jsonToggle(p).check();
  await p.locator(`${EDITOR} .monaco-editor .view-lines`).waitFor(FIRST);
  await waitForStatus(p, VALID);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  await page.setViewportSize({ width: 1400, height: 1000 });
  const example = await waitForProgram(page);
  await replaceCode(page, PROGRAM);
  await waitForProgram(page, example);
  await page.getByRole('button', { name: 'Make an exercise' }).click();
  expect((await sendRequest(page, 'POST', '/todos', '{ "text": "Write the exercise" }')).status).toBe('201 Created');
  await page.getByRole('button', { name: 'Add as check', exact: true }).click();
  await page.getByTestId('draft-check').getByTestId('replay-report').waitFor(ANSWER);
  recordedTitle = await page.getByLabel('Check 1 title').inputValue();
}, FIRST.timeout * 3);

afterAll(async () => {
  await session?.close();
});

test(
  'a wrong key is marked on its line and named, and changes nothing; the fix is applied; a syntax error is marked',
  async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openJson(page);
    expect(await markedLines(page)).toEqual([]);

    await pasteChecks(page, checksText('"expect": { "stauts": 201 }'));
    const wrong = await waitForStatus(page, /^Check 1: "expect.stauts" is not a key of expect/);
    expect(wrong).toContain('(line 5)');
    await expect.poll(() => markedLines(page), WAIT).toEqual(['"expect": { "stauts": 201 }']);
    // The draft is as it was: the recorded check, its recording (the title field) kept.
    await jsonToggle(page).uncheck();
    expect(await page.getByLabel('Check 1 title').inputValue()).toBe(recordedTitle);
    expect(await page.getByTestId('draft-check').count()).toBe(1);

    await openJson(page);
    await pasteChecks(page, checksText('"expect": { "status": 201 }'));
    await waitForStatus(page, VALID);
    await expect.poll(() => markedLines(page), WAIT).toEqual([]);

    // Typed, not pasted: one character after the list is marked at once, and taking it back is applied again.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('x');
    expect(await waitForStatus(page, /^Not JSON/)).toBe('Not JSON: not a JSON value here (line 7)');
    await expect.poll(() => markedLines(page), WAIT).toEqual([']x']);
    await page.keyboard.press('Backspace');
    await waitForStatus(page, VALID);

    await jsonToggle(page).uncheck();
    const card = page.getByTestId('draft-check');
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain('Creates a todo (edited as JSON)');

    await openJson(page);
    await pasteChecks(page, checksText('"expect": { "status": 201 }').replace('"Creates a todo",', '"Creates a todo"'));
    expect(await waitForStatus(page, /^Not JSON/)).toBe('Not JSON: a comma expected (line 4)');
    await expect.poll(() => markedLines(page), WAIT).toEqual([expect.stringMatching(/^"request": \{ "method": "POST"/)]);
    expect(await page.getByRole('heading', { name: 'Checks (1)' }).count()).toBe(1);
    expect(errors).toEqual([]);
  },
  FIRST.timeout * 3,
);

test(
  'markup, __proto__ and a megabyte of text stay inert, and the page stays responsive',
  async () => {
    // From the draft as the first test left it, whatever the editor showed then.
    await jsonToggle(page).uncheck();
    await openJson(page);
    const markup = '<img src=x onerror=\\"window.pwned=1\\">';
    await pasteChecks(page, checksText('"__proto__": { "polluted": true }, "expect": { "status": 201 }', markup));
    expect(await waitForStatus(page, /cannot be used/)).toBe('The checks cannot be used: "__proto__" is not allowed as a key (line 5).');
    await expect.poll(() => markedLines(page), WAIT).toEqual([expect.stringMatching(/^"__proto__"/)]);

    await pasteChecks(page, checksText('"expect": { "status": 201 }', markup));
    await waitForStatus(page, VALID);
    await jsonToggle(page).uncheck();
    const maker = page.getByRole('region', { name: 'Make an exercise' });
    await maker.getByText('<img src=x onerror="window.pwned=1">').waitFor(WAIT);
    expect(await maker.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.evaluate(() => (({}) as { polluted?: unknown }).polluted)).toBeUndefined();

    await openJson(page);
    await page.evaluate(() => {
      const state = window as unknown as { longestTask: number };
      state.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.longestTask = Math.max(state.longestTask, entry.duration);
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await pasteChecks(page, checksText('"expect": { "status": 201 }', 'x'.repeat(1024 * 1024)));
    await waitForStatus(page, /^The checks are longer than 800000 characters: shorten them\.$/);
    const answered = Date.now() - started;
    // A frame still comes: the page is not frozen.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const longestTask = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
    console.log(`1 MB pasted: refused in ${answered} ms; longest main-thread task ${longestTask.toFixed(0)} ms`);
    expect(longestTask).toBeLessThan(5000);
    await jsonToggle(page).uncheck();
    expect(await page.getByTestId('draft-check').textContent()).toContain('<img src=x onerror="window.pwned=1"> (edited as JSON)');
  },
  FIRST.timeout * 3,
);

test(
  'before Monaco has loaded, a text area is the editor, validated the same; what was typed carries over',
  async () => {
    // Without a service worker the page asks the network for each chunk, so Monaco's chunk for the checks can be held back.
    const context = await session.browser.newContext({ serviceWorkers: 'block' });
    context.setDefaultNavigationTimeout(FIRST.timeout);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/checks-monaco-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    try {
      const fresh = await context.newPage();
      await fresh.setViewportSize({ width: 1400, height: 1000 });
      await fresh.goto(`${session.server.url}index.html?lesson=scratch`);
      await fresh.getByRole('button', { name: 'Make an exercise' }).click();
      await jsonToggle(fresh).check();
      const textarea = fresh.locator('textarea[aria-label="Checks as JSON"]');
      expect(await textarea.inputValue()).toBe('[]');
      await textarea.fill(checksText('"expect": { "stauts": 201 }'));
      await waitForStatus(fresh, /^Check 1: "expect.stauts" is not a key of expect/);
      expect(await textarea.getAttribute('aria-invalid')).toBe('true');
      expect(await fresh.getByRole('heading', { name: 'Checks (0)' }).count()).toBe(1);
      const typed = checksText('"expect": { "status": 201 }', 'Typed before the editor');
      await textarea.fill(typed);
      await waitForStatus(fresh, VALID);
      expect(await fresh.getByRole('heading', { name: 'Checks (1)' }).count()).toBe(1);

      release();
      await fresh.locator(`${EDITOR} .monaco-editor .view-lines`).waitFor(FIRST);
      await expect.poll(() => textarea.count(), WAIT).toBe(0);
      await expect.poll(() => shows(fresh, '"title": "Typed before the editor",'), WAIT).toBe(true);
      // The focus went from the text area to the editor, so typing goes on there.
      expect(await fresh.evaluate((scope) => document.activeElement?.closest(`${scope} .monaco-editor`) != null, EDITOR)).toBe(true);
      await fresh.keyboard.press('ControlOrMeta+End');
      await fresh.keyboard.type('x');
      expect(await waitForStatus(fresh, /^Not JSON/)).toBe('Not JSON: not a JSON value here (line 7)');
    } finally {
      release();
      await context.close();
    }
  },
  FIRST.timeout * 3,
);
