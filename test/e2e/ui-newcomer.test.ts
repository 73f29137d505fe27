/**
 * A newcomer's first minutes, in Chromium with real key presses: the first Tab lands on the skip links,
 * "Skip to the editor" and Alt+Shift+1 put the caret in the code; the address and the title follow the
 * lesson (Back/Forward move between lessons, reload stays); "Reset to starter" asks in an in-page dialog
 * (focus kept inside, Esc cancels); the page has a favicon; the last lesson ends on a "Course complete" panel.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { PlaygroundSession } from './harness/session.ts';
import { WAIT } from './harness/wait.ts';
import { editorText, waitForEditorText } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';

const { lessons } = builtCourse;

const [first, second, third] = lessons;
const last = lessons[lessons.length - 1];

let session: PlaygroundSession;
let page: Page;

const lessonArticle = (number: number) => page.getByRole('article', { name: new RegExp(`^Lesson ${number}: `) });
const lessonParam = () => new URL(page.url()).searchParams.get('lesson');
const focused = () =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent ?? '',
    inEditor: document.activeElement?.closest('.monaco-editor') !== null,
  }));

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html' });
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await lessonArticle(1).waitFor(WAIT);
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
});

afterAll(async () => {
  await session?.close();
});

test('the first Tab after load lands on the first skip link; following it puts the caret in the editor', async () => {
  await page.reload();
  await page.locator('.monaco-editor .view-lines').first().waitFor(WAIT);
  await page.keyboard.press('Tab');
  expect((await focused()).text).toBe('Skip to the editor');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused()).inEditor, WAIT).toBe(true);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// typed after the skip link');
  await waitForEditorText(page, '// typed after the skip link');
});

test('with a shared-code banner above the page, the first Tab still lands on the first skip link', async () => {
  const value = encodeShare({
    lesson: null,
    files: { 'main.ts': "// someone else's code\n" },
    request: { method: 'GET', path: '/', headers: [], bodyType: 'none' },
  });
  const other = await session.context.newPage();
  await other.goto(shareUrl(`${session.server.url}index.html`, value));
  await other.getByRole('button', { name: 'Run shared code' }).waitFor(WAIT);
  await other.keyboard.press('Tab');
  expect(await other.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the editor');
  await other.close();
});

test('Alt+Shift+1 from the request panel puts the caret in the editor, where typing edits the code', async () => {
  await page.getByLabel('Path and query').focus();
  await page.keyboard.press('Alt+Shift+1');
  await expect.poll(async () => (await focused()).inEditor, WAIT).toBe(true);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n// typed after Alt+Shift+1');
  await waitForEditorText(page, '// typed after Alt+Shift+1');
  expect(await page.getByLabel('Path and query').inputValue()).not.toContain('typed');
});

test('"Reset to starter" asks in an in-page dialog: focus stays inside, Esc cancels, Replace resets', async () => {
  await page.getByRole('button', { name: 'Reset to starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset to starter?' });
  await dialog.waitFor(WAIT);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  expect(await editorText(page)).toContain('typed after Alt+Shift+1');
  // Focus returns to the button that asked.
  await expect.poll(async () => (await focused()).text, WAIT).toBe('Reset to starter');

  await page.getByRole('button', { name: 'Reset to starter' }).click();
  await dialog.getByRole('button', { name: 'Replace my code' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  await expect.poll(() => editorText(page), WAIT).not.toContain('typed after');
});

test('the address and the title follow the lesson; Back and Forward move between lessons; reload stays', async () => {
  // The address and the title follow the shown lesson as its render settles.
  await expect.poll(lessonParam, WAIT).toBe(first.id);
  await expect.poll(() => page.title(), WAIT).toBe(`1. ${first.title} — Halo Playground`);
  await page.getByRole('button', { name: 'Next →' }).click();
  await lessonArticle(2).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe(second.id);
  await expect.poll(() => page.title(), WAIT).toBe(`2. ${second.title} — Halo Playground`);
  await page.getByRole('button', { name: 'Next →' }).click();
  await lessonArticle(3).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe(third.id);

  await page.goBack();
  await lessonArticle(2).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe(second.id);
  await expect.poll(() => page.title(), WAIT).toBe(`2. ${second.title} — Halo Playground`);
  await page.goBack();
  await lessonArticle(1).waitFor(WAIT);
  await waitForEditorText(page, first.starter['main.ts'].split('\n')[0]);
  await page.goForward();
  await lessonArticle(2).waitFor(WAIT);
  await waitForEditorText(
    page,
    second.starter['main.ts']
      .split('\n')
      .find((l) => l.includes('TODO'))!
      .trim(),
  );

  await page.reload();
  await lessonArticle(2).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe(second.id);
  await expect.poll(() => page.title(), WAIT).toBe(`2. ${second.title} — Halo Playground`);
}, 120_000);

test('a lesson link is followed, and moving on from it changes the address (reload does not go back)', async () => {
  await page.goto(`${session.server.url}index.html?lesson=05-errors`);
  await lessonArticle(5).waitFor(WAIT);
  await page.getByRole('button', { name: 'Next →' }).click();
  await lessonArticle(6).waitFor(WAIT);
  await page.reload();
  await lessonArticle(6).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe(lessons[5].id);
}, 120_000);

test('the page has a favicon that loads without the network', async () => {
  const href = await page.locator('link[rel=icon]').getAttribute('href');
  expect(href).toMatch(/^data:image\/svg\+xml,/);
  const width = await page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => resolve(0);
        image.src = src;
      }),
    href!,
  );
  expect(width).toBeGreaterThan(0);
});

test('the last lesson ends on a "Course complete" panel that leads to the free playground', async () => {
  await page.getByText('All lessons').click();
  await page.getByRole('button', { name: `${last.number}. ${last.title}` }).click();
  await lessonArticle(last.number).waitFor(WAIT);
  const finish = page.getByRole('button', { name: 'Finish the course →' });
  expect(await finish.isEnabled()).toBe(true);
  await finish.click();
  const panel = page.getByRole('region', { name: 'Course complete' });
  await panel.waitFor(WAIT);
  await expect.poll(() => panel.evaluate((p) => p.contains(document.activeElement)), WAIT).toBe(true);
  const text = (await panel.textContent()) ?? '';
  for (const lesson of [first, last]) expect(text).toContain(lesson.title);
  await panel.getByRole('link', { name: 'Open the free playground' }).click();
  await page.getByRole('button', { name: 'Reset example' }).waitFor(WAIT);
  await expect.poll(lessonParam, WAIT).toBe('scratch');
  await expect.poll(() => page.title(), WAIT).toBe('Free playground — Halo Playground');
});
