/**
 * `npm run author -- ../my-course`, exactly as docs/courses.md writes it (no `--port`): run
 * by npm from a folder beside the course, it serves that course, not Halo's own lessons (the prebuilt playground is
 * the e2e project's, named by HALO_APP_DIR).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { FIRST } from './harness/wait.ts';

// Inside the repository, so npm finds its package.json from the working folder, as a teacher's checkout does.
mkdirSync(resolve(REPO_ROOT, 'test/.artifacts'), { recursive: true });
const root = mkdtempSync(resolve(REPO_ROOT, 'test/.artifacts/author-command-'));
const course = join(root, 'my-course');
const here = join(root, 'teacher');
let author: ChildProcess | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  // npm, tsx, the author CLI and the programs its validator runs are one process group (detached): end them all.
  try {
    if (author?.pid !== undefined) process.kill(-author.pid, 'SIGKILL');
  } catch {
    // The group had already ended.
  }
  rmSync(root, { recursive: true, force: true });
});

/** Resolves with the first match of `pattern` in what `child` printed; rejects when it exits first. */
function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  let output = '';
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`npm run author exited with ${code}:\n${output}`)));
  });
}

test('the documented author command serves the course it names', async () => {
  cpSync(resolve(REPO_ROOT, 'test/fixtures/course'), course, { recursive: true });
  mkdirSync(here);
  author = spawn('sh', ['-c', 'npm run author -- ../my-course'], {
    cwd: here,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HALO_APP_DIR: distDir() },
  });
  const [, folder, url] = await printed(author, /Authoring (\S+) at (http:\/\/127\.0\.0\.1:\d+\/)/);
  expect(resolve(REPO_ROOT, folder)).toBe(course);
  browser = await testChromium();
  const page = await browser.newPage();
  await page.goto(url, FIRST);
  // The fixture course's first lesson, not Halo's "Hello, world!" lesson 1.
  await page.getByRole('article', { name: 'Lesson 1: A greeting of your own' }).waitFor(FIRST);
}, 300_000);
