/**
 * Kinds that test what they say (issue 50), in Chromium on a course built with no bundler: test/fixtures/course-kinds
 * checks a ULID, a sha256 hex digest, a local time, a dice roll (1 to 6) and an id that changes on every create. Its
 * starter answers the wrong value of each ("x" for the first three, a roll of 7, the same UUID every time): the page
 * fails all five checks on it and passes them with the solution. (The build skips its proofs, which run the same on
 * Node, so that a kind the page tests wrongly fails here.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildCourseSite } from '../../runtime/course/tools/build-course-site.ts';
import { testChromium } from './harness/browser.ts';
import { settledChecks, useSolution } from './harness/course-page.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST } from './harness/wait.ts';

const work = mkdtempSync(join(tmpdir(), 'halo-course-kinds-'));
let server: StaticServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await buildCourseSite({
    courseDir: resolve(REPO_ROOT, 'test/fixtures/course-kinds'),
    appDir: distDir(),
    outDir: join(work, 'site'),
    proofs: false,
  });
  server = await serveStatic(join(work, 'site'));
  browser = await testChromium();
  page = await (await browser.newContext()).newPage();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

test('the starter’s wrong value of each kind fails its check, and the solution passes all five', async () => {
  await page.goto(`${server.url}index.html`);
  await page.getByRole('article', { name: 'Lesson 1: Fresh tokens' }).waitFor(FIRST);
  expect(await settledChecks(page, 5)).toEqual({ passed: 0, failed: 5 });
  await useSolution(page);
  await expect.poll(() => settledChecks(page, 5), ANSWER).toEqual({ passed: 5, failed: 0 });
}, 300_000);
