/**
 * Authoring mode (`npm run author -- <course>`): the e2e project's prebuilt playground served with a copy of the
 * fixture course as data, no bundler (runtime/course/tools/author-server.ts). The learner uses the solution; the author changes a check's expected text on disk;
 * the page reloads by itself and shows the changed check, failing on the learner's code, which survived;
 * the validator run on save names the check's file and line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { editorText, settledChecks } from './harness/course-page.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { FIRST, WAIT } from './harness/wait.ts';

const course = mkdtempSync(join(tmpdir(), 'halo-author-'));
const checksFile = join(course, '10-greeting/checks.ts');
let author: ChildProcess;
let output = '';
let browser: Browser;
let page: Page;

/** Resolves once the author process printed a line matching `pattern`; rejects when it exits first. */
function printed(pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const look = (): void => {
      const match = pattern.exec(output);
      if (match) {
        author.stdout?.off('data', look);
        resolve(match);
      }
    };
    author.stdout?.on('data', look);
    author.once('exit', () => reject(new Error(`npm run author exited:\n${output}`)));
    look();
  });
}

beforeAll(async () => {
  cpSync(resolve(REPO_ROOT, 'test/fixtures/course'), course, { recursive: true });
  author = spawn(process.execPath, ['--import', 'tsx', 'runtime/course/tools/author-cli.ts', course, '--port', '0'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HALO_APP_DIR: distDir() },
  });
  author.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  author.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [, url] = await printed(/Authoring .* at (http:\/\/127\.0\.0\.1:\d+\/)/);
  browser = await testChromium();
  const context = await browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  author?.kill('SIGTERM');
  rmSync(course, { recursive: true, force: true });
});

test('the learner passes the check with the solution', async () => {
  await page.getByRole('article', { name: 'Lesson 1: A greeting of your own' }).waitFor(FIRST);
  expect(await settledChecks(page, 1)).toEqual({ passed: 0, failed: 1 });
  await page.getByRole('button', { name: 'Show solution' }).click();
  const dialog = page.getByRole('dialog', { name: /Solution of lesson 1/ });
  await dialog.getByRole('button', { name: 'Use solution' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  await page.getByTestId('lesson-complete').waitFor(WAIT);
  expect(await settledChecks(page, 1)).toEqual({ passed: 1, failed: 0 });
}, 180_000);

test('a check changed on disk reloads the page with the changed check; the learner’s code stays', async () => {
  const reloaded = page.waitForEvent('load', { timeout: FIRST.timeout });
  const source = readFileSync(checksFile, 'utf8');
  writeFileSync(checksFile, source.replaceAll('Hello from the course!', 'Hello, edited course!'));
  await reloaded;
  await page.getByText('GET / answers Hello, edited course!').first().waitFor(FIRST);
  await expect.poll(() => editorText(page), WAIT).toContain("res.write('Hello from the course!')");
  expect(await settledChecks(page, 1)).toEqual({ passed: 0, failed: 1 });
  // The validator ran on save: the solution no longer passes, at the check's line.
  await printed(/10-greeting\/checks\.ts:4: the solution fails the check "GET \/ answers Hello, edited course!"/);
}, 180_000);

test('a lesson text with a broken frontmatter shows its problem in the lesson, the playground still there', async () => {
  const lessonFile = join(course, '10-greeting/lesson.md');
  const source = readFileSync(lessonFile, 'utf8');
  writeFileSync(lessonFile, source.replace('summary:', 'sumary:'));
  const problem = page.getByText('This lesson’s text has a problem.').first();
  await problem.waitFor(FIRST);
  expect(await page.getByRole('article').first().textContent()).toMatch(/"sumary" is not a frontmatter key/);
  // The playground is still there to use.
  expect(await page.getByRole('button', { name: 'Send', exact: true }).count()).toBe(1);
  writeFileSync(lessonFile, source);
  await page.getByRole('article', { name: 'Lesson 1: A greeting of your own' }).waitFor(FIRST);
  await problem.waitFor({ state: 'detached', ...WAIT });
}, 180_000);
