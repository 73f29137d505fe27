/**
 * The lesson pane through the UI, in Chromium: a first visit lands on lesson 1 with its starter running;
 * lesson 4's checks fail, pass once the learner fixes the code (the lesson is marked complete), and the
 * code and the mark survive a reload; lessons keep their code apart; "Reset to starter" and "Show
 * solution" → "Use solution" work; the lesson list shows the chapters with their introductions; the free
 * playground holds the example program.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, WAIT } from './harness/wait.ts';
import { settledChecks } from './harness/course-page.ts';
import { focusEditor } from './share-page.ts';

const { chapters, lessons } = builtCourse;

const SHOTS = resolve(REPO_ROOT, 'test/.artifacts/lessons-ui');
const lesson4 = lessons[3];

let session: PlaygroundSession;
let page: Page;

const shot = (name: string) => page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
const lessonArticle = (number: number) => page.getByRole('article', { name: new RegExp(`^Lesson ${number}: `) });

/** The code the editor shows (Monaco renders spaces as no-break spaces). */
async function editorText(): Promise<string> {
  return ((await page.locator('.monaco-editor .view-lines').first().textContent()) ?? '').replace(/\u00a0/g, ' ');
}

/** Types `text` over line `line` (1-based) of the editor, keeping its indentation, with real key presses. */
async function typeOverLine(line: number, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  // Auto-closed brackets and quotes are typed over, so the result is exactly `text`.
  await page.keyboard.type(text);
}

async function openLesson(title: string): Promise<void> {
  await page.getByText('All lessons').click();
  await page.getByRole('button', { name: title }).click();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await PlaygroundSession.open({ page: 'index.html' });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
});
afterAll(async () => {
  await session?.close();
});

test('a first visit lands on lesson 1 with its starter compiled, running and checked', async () => {
  await lessonArticle(1).waitFor(WAIT);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compile-status]')?.getAttribute('data-phase') === 'ok',
    undefined,
    WAIT,
  );
  const { passed, failed } = await settledChecks(page, lessons[0].checks.length);
  // The starter runs (some check passes or fails on a real answer), and the learner still has work to do.
  expect(passed + failed).toBe(lessons[0].checks.length);
  expect(failed).toBeGreaterThan(0);
  // Monaco loads after the first program ran, maybe after the checks too.
  await expect.poll(editorText, WAIT).toContain(lessons[0].starter['main.ts'].split('\n')[0]);
  await shot('01-first-visit-lesson-1');
}, 120_000);

test('lesson 4: checks fail, pass after the fix, and the lesson is marked complete', async () => {
  await openLesson(`4. ${lesson4.title}`);
  await lessonArticle(4).waitFor(WAIT);
  // Focus follows to the opened lesson (the list closed under it).
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT).toMatch(/^Lesson 4: /);
  // The request panel is set to the lesson's first check.
  await expect.poll(() => page.getByLabel('Method').inputValue(), WAIT).toBe('POST');
  await expect.poll(() => page.getByLabel('Path and query').inputValue(), WAIT).toBe('/greet');
  expect((await settledChecks(page, lesson4.checks.length)).failed).toBeGreaterThan(0);
  await expect.poll(editorText, WAIT).toContain('TODO: await req.parseBody()');
  await shot('02-lesson-4-failing');

  // The learner types the fix over the two TODO lines.
  const lines = lesson4.starter['main.ts'].split('\n');
  await typeOverLine(lines.findIndex((l) => l.includes('TODO: await req.parseBody()')) + 1, 'await req.parseBody();');
  await typeOverLine(
    lines.findIndex((l) => l.includes('TODO: when name is null')) + 1,
    "if (name == null) { res.write('Hello, whoever you are!'); return; }",
  );
  await page.getByTestId('lesson-complete').waitFor(ANSWER);
  expect(await settledChecks(page, lesson4.checks.length)).toEqual({ passed: lesson4.checks.length, failed: 0 });
  await page.getByText(`${lesson4.checks.length} of ${lesson4.checks.length} checks pass`).waitFor(WAIT);
  await page.getByRole('button', { name: `Next lesson: 5. ${lessons[4].title} →` }).waitFor(WAIT);
  await page.getByRole('button', { name: 'See checks' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('checks-heading');
  await shot('03-lesson-4-complete');
  await page.getByText('All lessons').click();
  await page.getByRole('button', { name: `4. ${lesson4.title} (complete)` }).waitFor(WAIT);
  await shot('03b-lesson-list');
  await page.getByText('All lessons').click();
}, 120_000);

test('the lesson list is in chapters: each heading with its introduction names a group of its lessons', async () => {
  await page.getByText('All lessons').click();
  for (const chapter of chapters) {
    const group = page.getByRole('region', { name: chapter.title });
    await group.getByRole('heading', { name: chapter.title }).waitFor(WAIT);
    expect(await group.getByText(chapter.intro).isVisible()).toBe(true);
    // Each entry reads its completion mark, its number and title, and "(complete)" for screen readers when done.
    const entries = await group.locator('.lesson-link').allTextContents();
    expect(entries.map((text) => text.replace(/^[✓○]/, '').replace(/ \(complete\)$/, ''))).toEqual(
      chapter.lessons.map((lesson) => `${lesson.number}. ${lesson.title}`),
    );
  }
  await page.getByText('All lessons').click();
}, 120_000);

test('the code and the completion mark survive a reload', async () => {
  await page.reload();
  await lessonArticle(4).waitFor(WAIT);
  await page.getByTestId('lesson-complete').waitFor(WAIT);
  await expect.poll(editorText, WAIT).toContain("if (name == null) { res.write('Hello, whoever you are!'); return; }");
  await expect.poll(() => page.getByText(`1 of ${lessons.length} complete`).count(), WAIT).toBe(1);
  expect((await settledChecks(page, lesson4.checks.length)).failed).toBe(0);
}, 120_000);

test('each lesson keeps its own code', async () => {
  await page.getByRole('button', { name: '← Previous' }).click();
  await lessonArticle(3).waitFor(WAIT);
  await expect.poll(editorText, WAIT).toContain(
    lessons[2].starter['main.ts']
      .split('\n')
      .find((line) => line.includes('TODO'))!
      .trim(),
  );
  await page.getByRole('button', { name: 'Next →' }).click();
  await lessonArticle(4).waitFor(WAIT);
  await expect.poll(editorText, WAIT).toContain("if (name == null) { res.write('Hello, whoever you are!'); return; }");
});

test('"Reset to starter" brings the starter back; "Show solution" compares, and "Use solution" passes', async () => {
  await page.getByRole('button', { name: 'Reset to starter' }).click();
  await page.getByRole('dialog', { name: 'Reset to starter?' }).getByRole('button', { name: 'Replace my code' }).click();
  await expect.poll(editorText, WAIT).toContain('TODO: await req.parseBody()');
  // The checks run again on the starter's build and fail.
  await page.locator('[data-check-status=failed]').first().waitFor(ANSWER);
  // Completion stays: the learner did it once.
  await page.getByTestId('lesson-complete').waitFor(WAIT);

  await page.getByRole('button', { name: 'Show solution' }).click();
  const dialog = page.getByRole('dialog', { name: /Solution of lesson 4/ });
  await dialog.locator('.monaco-diff-editor').waitFor(WAIT);
  // Both sides are there: the starter's TODO on the left, the solution's fix on the right.
  await expect
    .poll(async () => ((await dialog.locator('.monaco-diff-editor').textContent()) ?? '').replace(/\u00a0/g, ' '), WAIT)
    .toContain('if (name == null)');
  await shot('04-show-solution');
  await dialog.getByRole('button', { name: 'Use solution' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  await expect.poll(editorText, WAIT).toContain('if (name == null) {');
  expect(await settledChecks(page, lesson4.checks.length)).toEqual({ passed: lesson4.checks.length, failed: 0 });
}, 120_000);

test('the free playground holds the example program, apart from the lessons', async () => {
  await page.getByLabel('Theme').selectOption('dark');
  await shot('05-lesson-4-dark');
  await openLesson('Free playground (your own program)');
  await page.getByRole('button', { name: 'Reset example' }).waitFor(WAIT);
  await expect.poll(editorText, WAIT).toContain("app.post('/greet'");
  await page.getByRole('button', { name: 'Back to the lessons' }).waitFor(WAIT);
  // Escape closes the lesson list and leaves focus on its toggle.
  await page.getByText('All lessons').click();
  await page.getByRole('button', { name: '1. Getting started' }).focus();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '1. Getting started' }).waitFor({ state: 'hidden', ...WAIT });
  await page.getByLabel('Theme').selectOption('light');
});
