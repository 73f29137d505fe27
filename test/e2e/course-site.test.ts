/**
 * A course of one's own, built into the static site with no bundler: buildCourseSite writes the two-lesson fixture
 * course (test/fixtures/course, whose course file puts its folder 10-greeting before 05-echo), proved on Node, beside
 * a copy of the e2e project's prebuilt playground. The site opens on the course file's first lesson, lists both
 * lessons in the course file's order, fails the starter's checks and passes them with the solution.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { buildCourseSite } from '../../runtime/course/tools/build-course-site.ts';
import { editorText, settledChecks } from './harness/course-page.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { FIRST, WAIT } from './harness/wait.ts';

const COURSE = resolve(REPO_ROOT, 'test/fixtures/course');
// HALO_COURSE_DIST_DIR reuses a build of the fixture course (`npm run build -- --course test/fixtures/course --outDir …`).

const reused = process.env.HALO_COURSE_DIST_DIR;
let dist: string;
let server: StaticServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (reused) dist = reused;
  else {
    mkdirSync(resolve(REPO_ROOT, 'test/.artifacts'), { recursive: true });
    dist = mkdtempSync(resolve(REPO_ROOT, 'test/.artifacts/course-dist-'));
    // The e2e site is a prebuilt playground too: its course gives way to this one.
    const started = Date.now();
    await buildCourseSite({ courseDir: COURSE, appDir: distDir(), outDir: dist });
    console.log(`[e2e] the fixture course built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  server = await serveStatic(dist);
  browser = await testChromium();
  const context = await browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
}, 900_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (!reused && dist) rmSync(dist, { recursive: true, force: true });
});

test('the site opens on the course file’s first lesson and lists the lessons in its order', async () => {
  await page.goto(`${server.url}index.html`);
  await page.getByRole('article', { name: 'Lesson 1: A greeting of your own' }).waitFor(FIRST);
  await page.getByText('All lessons').click();
  // Each entry reads its completion mark, then its number and title.
  const titles = async () => (await page.locator('.lesson-link').allInnerTexts()).map((text) => text.split('\n').pop());
  await expect.poll(titles, WAIT).toEqual(['1. A greeting of your own', '2. Echo a name', 'Free playground (your own program)']);
  await page.getByText('All lessons').click();
}, 120_000);

test('the starter fails the lesson’s check and the solution passes it', async () => {
  expect(await settledChecks(page, 1)).toEqual({ passed: 0, failed: 1 });
  await page.getByText('GET / answers Hello from the course!').first().waitFor(WAIT);
  await page.getByRole('button', { name: 'Show solution' }).click();
  const dialog = page.getByRole('dialog', { name: /Solution of lesson 1/ });
  await dialog.getByRole('button', { name: 'Use solution' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  await expect.poll(() => editorText(page), WAIT).toContain('Hello from the course!');
  await page.getByTestId('lesson-complete').waitFor(WAIT);
  expect(await settledChecks(page, 1)).toEqual({ passed: 1, failed: 0 });
}, 120_000);

test('the second lesson is the echo lesson, its observe check passing on the starter and its task failing', async () => {
  await page.getByRole('button', { name: 'Next →' }).click();
  await page.getByRole('article', { name: 'Lesson 2: Echo a name' }).waitFor(WAIT);
  expect(await settledChecks(page, 2)).toEqual({ passed: 1, failed: 1 });
}, 120_000);
