/**
 * A class serving an exercise (`npm run classroom -- --exercises <dir>` in a child process, on 127.0.0.1, a
 * free port, serving the production build), in real Chromium: a learner joins, shares, opens the exercise
 * from the class panel — held behind the consent click, nothing run before it — fails it with the starter,
 * passes it with the solution, and the teacher's dashboard shows the exercise's checks passing, live.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import lessonChecks from '../../lessons/01-getting-started/checks.ts';
import { exerciseId } from '../../runtime/course/exercises/exercise.ts';
import { exerciseFileText } from '../../web/share/link/exercise-file.ts';
import { testChromium } from './harness/browser.ts';
import { startClass, type RunningClass } from './harness/class-server.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';

const TITLE = 'Say hello';
const lessonFile = (name: string) => readFileSync(join(REPO_ROOT, 'lessons/01-getting-started', name), 'utf8');
const starter = { 'main.ts': lessonFile('starter.ts') };
const exercise = {
  title: TITLE,
  text: 'Answer `GET /` with **Hello, world!**',
  solution: { 'main.ts': lessonFile('solution.ts') },
  checks: lessonChecks,
};
const ID = exerciseId({ ...exercise, starter });

let dir = '';
let open: RunningClass | undefined;
let browser: Browser;

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  return context.newPage();
}

/** The dashboard's grid: learner name → cell states of the lesson or exercise shown. */
function grid(dashboard: Page): Promise<Record<string, string[]>> {
  return dashboard.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[role=row][data-learner]')].map((row) => [
        row.querySelector('[role=rowheader]')!.textContent,
        [...row.querySelectorAll('[role=gridcell][data-check]')].map((cell) => cell.getAttribute('data-state') ?? ''),
      ]),
    ),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'halo-class-exercises-'));
  const request = { method: 'GET' as const, path: '/', headers: [], bodyType: 'none' as const };
  writeFileSync(join(dir, 'say-hello.halo-exercise'), exerciseFileText({ lesson: null, files: starter, request, exercise }));
  browser = await testChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  open?.server.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
});

test('a learner opens the class exercise from the class panel, consents, passes it, and the dashboard shows it', async () => {
  open = await startClass(['--exercises', dir]);
  const dashboard = await newPage();
  await dashboard.goto(open.dashboardUrl);
  await dashboard.getByTestId('class-code').getByText(open.code).waitFor(FIRST);

  const page = await newPage();
  await page.goto(`${open.joinUrl}&lesson=01-getting-started`);
  await waitForProgram(page, '', FIRST.timeout);
  const panel = page.getByRole('region', { name: 'Class' });
  await panel.getByLabel('Class code').fill(open.code);
  await panel.getByLabel('Your name').fill('Ann');
  await panel.getByRole('button', { name: 'Join the class' }).click();
  await panel.getByRole('button', { name: 'Share my check results with the teacher' }).click();
  await panel.getByText('Sharing is on').waitFor(WAIT);

  await panel.getByRole('button', { name: `Open ${TITLE}` }).click();
  // Held like any exercise file: its code compiled but not run until the learner clicks.
  await page.getByRole('button', { name: 'Run shared code' }).waitFor(FIRST);
  expect(await page.getByTestId('exercise-title').textContent()).toBe(TITLE);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compile-status]')?.textContent?.includes('runs only after you click'),
    undefined,
    FIRST,
  );
  await page.getByRole('button', { name: 'Run shared code' }).click();
  // The teacher opens the exercise's grid (it never jumps on its own): the starter fails the task check and passes the observe check.
  await dashboard.getByRole('combobox', { name: /^Lesson/ }).selectOption(ID);
  await expect.poll(() => dashboard.getByRole('grid').getAttribute('aria-label'), ANSWER).toBe(`Learners × checks of ${ID}`);
  await expect.poll(() => grid(dashboard), ANSWER).toEqual({ Ann: ['fail', 'pass'] });
  await page.getByRole('button', { name: 'Show solution' }).click();
  await page.getByRole('button', { name: 'Use solution' }).click();
  await expect.poll(() => grid(dashboard), ANSWER).toEqual({ Ann: ['pass', 'pass'] });
  expect(await dashboard.getByRole('option', { name: `Exercise: ${TITLE}` }).count()).toBe(1);
  // The exercise's code, shown on request like a lesson's.
  await panel.getByRole('button', { name: `Show my code to the teacher (${ID})` }).click();
  await dashboard.getByRole('button', { name: `Code (${ID})` }).click();
  const view = dashboard.getByRole('region', { name: 'Code of Ann' });
  await view.locator('figure pre').first().waitFor(WAIT);
  expect(await view.locator('figure pre').first().textContent()).toContain('Hello, world!');
}, 300_000);
