/**
 * Back and Forward return to an exercise opened from a link the way they return to a lesson (issue 21),
 * in Chromium on the built site: the learner moves from the exercise to a lesson, Back shows the
 * exercise again, Forward the lesson. An exercise the learner has not chosen to
 * run comes back held behind the same click, its starter not run.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { FIRST, WAIT } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { builtCourse } from '../support/built-course.ts';

const { lessons } = builtCourse;

const STARTER_MARK = 'starter-of-the-history-exercise-ran';
const TITLE = 'Greet on /hello';
const STARTER = `import { App, AppHttp } from 'halo';

const app = new App();
console.log('${STARTER_MARK}');
app.get('/hello', () => ({ greeting: 'hi' }));

await new AppHttp(app).startServer('localhost', 3000);
`;

let session: PlaygroundSession;
let link = '';

/** The `lesson` parameter of the page's address. */
const lessonParam = (page: Page) => new URL(page.url()).searchParams.get('lesson');
const exerciseTitle = (page: Page) => page.getByTestId('exercise-title');
const consoleText = async (page: Page) => (await page.getByRole('region', { name: 'Console and problems' }).textContent()) ?? '';

/** A fresh browser context (its own storage) with the exercise link open and held for the learner's click. */
async function openLink(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await session.browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(link);
  await page.getByRole('button', { name: 'Run shared code' }).waitFor(FIRST);
  await exerciseTitle(page).waitFor(WAIT);
  return { page, close: () => context.close() };
}

/** From the exercise pane, opens the first lesson, as a new history entry. */
async function toFirstLesson(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Lessons' }).getByRole('button', { name: 'Back to the lessons' }).click();
  await expect.poll(() => lessonParam(page), WAIT).toBe(lessons[0].id);
  await expect.poll(() => page.title(), WAIT).toBe(`1. ${lessons[0].title} — Halo Playground`);
  expect(await exerciseTitle(page).count()).toBe(0);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  link = shareUrl(
    `${session.server.url}index.html`,
    encodeShare({
      lesson: null,
      files: { 'main.ts': STARTER },
      request: { method: 'GET', path: '/hello', headers: [], bodyType: 'none' },
      exercise: {
        title: TITLE,
        text: 'Answer **hi** on `/hello`.',
        solution: null,
        checks: [{ title: 'Greets', request: { method: 'GET', path: '/hello' }, expect: { status: 200, json: { greeting: 'hi' } } }],
      },
    }),
  );
}, FIRST.timeout);

afterAll(async () => {
  await session?.close();
});

test(
  'Back returns to an exercise the learner runs, Forward to the lesson, as between lessons',
  async () => {
    const { page, close } = await openLink();
    try {
      await page.getByRole('button', { name: 'Run shared code' }).click();
      await waitForProgram(page);
      const exerciseAddress = lessonParam(page);
      expect(exerciseAddress).not.toBeNull();

      await toFirstLesson(page);
      await page.goBack();
      await exerciseTitle(page).waitFor(WAIT);
      expect(await exerciseTitle(page).textContent()).toBe(TITLE);
      expect(lessonParam(page)).toBe(exerciseAddress);
      // The learner's own exercise: no consent step again.
      expect(await page.getByRole('button', { name: 'Run shared code' }).count()).toBe(0);

      await page.goForward();
      await expect.poll(() => lessonParam(page), WAIT).toBe(lessons[0].id);
      await expect.poll(() => exerciseTitle(page).count(), WAIT).toBe(0);
      await page.goBack();
      await exerciseTitle(page).waitFor(WAIT);
    } finally {
      await close();
    }
  },
  FIRST.timeout * 3,
);

test(
  'an exercise not run yet comes back held: its starter never runs before the click',
  async () => {
    const { page, close } = await openLink();
    try {
      const exerciseAddress = lessonParam(page);
      await toFirstLesson(page);
      await page.goBack();
      await page.getByRole('button', { name: 'Run shared code' }).waitFor(WAIT);
      expect(await exerciseTitle(page).textContent()).toBe(TITLE);
      expect(lessonParam(page)).toBe(exerciseAddress);
      await page.waitForFunction(
        () => document.querySelector('[data-testid=compile-status]')?.textContent?.includes('runs only after you click'),
        undefined,
        WAIT,
      );
      expect(await consoleText(page)).not.toContain(STARTER_MARK);

      await page.goForward();
      await expect.poll(() => lessonParam(page), WAIT).toBe(lessons[0].id);
      await page.goBack();
      await page.getByRole('button', { name: 'Run shared code' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Run shared code' }).click();
      await expect.poll(() => consoleText(page), WAIT).toContain(STARTER_MARK);
    } finally {
      await close();
    }
  },
  FIRST.timeout * 3,
);
