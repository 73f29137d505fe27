/**
 * The Trace tab (issue 26) in Chromium, through the real service worker and server worker: lesson 11's
 * solution answers POST /todos, the tab lists the route, the service call and its hooks in the order
 * they ran, and clicking the before-hook's line puts the editor's cursor on the line that registered it.
 * A handler that throws is marked where it threw.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { PlaygroundSession } from './harness/session.ts';
import { editorText, settledChecks } from './harness/course-page.ts';
import { ANSWER, WAIT } from './harness/wait.ts';

const { lessons } = builtCourse;

const hooks = lessons.find((lesson) => lesson.id === '11-hooks')!;
let session: PlaygroundSession;
let page: Page;

/** The steps a trace view lists (in `scope`, default the page), as `kind name`. */
const steps = (scope: Pick<Page, 'getByTestId'> = page) =>
  scope
    .getByTestId('trace-step')
    .evaluateAll((items) =>
      items.map((item) => `${item.getAttribute('data-kind')} ${item.querySelector('[data-testid=trace-step-name]')?.textContent}`),
    );

/** Where Monaco draws the current-line highlight (the cursor's line), in pixels from the top of the code. */
async function cursorTop(): Promise<number> {
  return page.evaluate(() => {
    const highlight = document.querySelector<HTMLElement>('.monaco-editor .view-overlays .current-line');
    return highlight?.parentElement ? Number.parseFloat(highlight.parentElement.style.top) : -1;
  });
}

/** Opens lesson `number`'s solution in the editor and waits until every check passed on it. */
async function useSolution(number: number, checks: number): Promise<void> {
  await page.getByRole('article', { name: new RegExp(`^Lesson ${number}: `) }).waitFor(WAIT);
  await page.getByRole('button', { name: 'Show solution' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Solution of lesson ${number}`) });
  await dialog.getByRole('button', { name: 'Use solution' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  // The checks ran on the starter first; they run again on the solution's build and all pass (trace checks too).
  await expect.poll(() => settledChecks(page, checks), ANSWER).toEqual({ passed: checks, failed: 0 });
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=11-hooks' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 900 });
});
afterAll(async () => {
  await session?.close();
});

test("the hooks lesson: the Trace tab lists the hooks in order, and a hook's line jumps into the editor", async () => {
  await useSolution(hooks.number, hooks.checks.length);

  // The request panel is set to the lesson's first check: POST /todos with a text to trim.
  await expect.poll(() => page.getByLabel('Path and query').inputValue(), WAIT).toBe('/todos');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('response-status').filter({ hasText: '201' }).waitFor(ANSWER);
  const response = page.getByRole('tablist', { name: 'Response' });
  // The playground's own header carried the trace: the Headers tab shows only the program's.
  await response.getByRole('tab', { name: /^Headers/ }).click();
  const headers = page.getByRole('table', { name: 'Response headers' });
  await expect.poll(() => headers.textContent(), WAIT).toContain('content-type');
  expect(await headers.textContent()).not.toContain('x-halo-trace');
  await response.getByRole('tab', { name: 'Trace' }).click();
  await expect
    .poll(() => steps(), WAIT)
    .toEqual([
      'route POST /todos',
      'handler handler',
      'body parseBody',
      'service todos.create',
      'hook before created',
      'method create',
      'hook after created',
    ]);

  const source = hooks.solution['main.ts'].split('\n');
  const beforeLine = source.findIndex((line) => line.includes("todos.before('created'")) + 1;
  await page.getByRole('button', { name: `Go to main.ts line ${beforeLine}` }).click();
  await expect.poll(() => editorText(page), WAIT).toContain("todos.before('created'");
  const lineHeight = await page.evaluate(() => document.querySelector<HTMLElement>('.monaco-editor .view-line')?.offsetHeight ?? 0);
  await expect.poll(async () => Math.round((await cursorTop()) / lineHeight) + 1, WAIT).toBe(beforeLine);
}, 180_000);

test('the real-time lesson: each WebSocket call in the log carries its trace', async () => {
  const realTime = lessons.find((lesson) => lesson.id === '20-real-time-events')!;
  await page.goto(page.url().replace(/\?.*$/, '') + '?lesson=20-real-time-events');
  await useSolution(realTime.number, realTime.checks.length);
  await page.getByRole('radio', { name: 'WebSocket' }).check();
  const connection = page.getByRole('region', { name: 'Connection A' });
  await connection.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => page.getByLabel('Connection A status').textContent(), WAIT).toBe('open');
  await page.getByLabel('Message for A').fill('{"id":1,"call":"messages.create","data":{"text":"traced"}}');
  await connection.getByRole('button', { name: 'Send on A' }).click();
  const log = page.getByRole('list', { name: 'Log of A' });
  await log.getByText(/Trace: \d+ steps/).click();
  await expect
    .poll(() => steps(log), WAIT)
    .toEqual(['route POST /messages', 'handler handler', 'service messages.create', 'method create']);
}, 180_000);
