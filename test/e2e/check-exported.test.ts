/**
 * One check file, two targets (issue 27 item 5): lesson 08's checks, which the page runs in the browser,
 * run from a terminal (`npm run check -- --lesson … --url …`) against the lesson's program exported with
 * "Download as Node project" and started with `npm start`: the solution passes (exit 0), the starter fails
 * (exit 1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { runCheckCommand } from '../support/check-command.ts';
import { runProgram, type RunningProgram } from '../support/run-program.ts';
import { PlaygroundSession } from './harness/session.ts';
import { exportNodeProject } from './node-export.ts';
import { replaceCode, waitForProgram } from './share-page.ts';

const LESSON = '08-services';
const lessonFile = (name: string): string => readFileSync(join(REPO_ROOT, 'lessons', LESSON, name), 'utf8');

let session: PlaygroundSession;
let page: Page;
let running: RunningProgram | undefined;
const dirs: string[] = [];

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: `index.html?lesson=${LESSON}` });
  page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
});

afterEach(async () => {
  await running?.interrupt('SIGKILL');
  running = undefined;
});

afterAll(async () => {
  await session?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Puts `code` in the lesson's editor, exports it, and starts the exported project with `npm start`. */
async function exportAndStart(code: string): Promise<RunningProgram> {
  const before = await waitForProgram(page);
  await replaceCode(page, code);
  await waitForProgram(page, before);
  const dir = mkdtempSync(join(tmpdir(), 'halo-check-export-'));
  dirs.push(dir);
  const { project } = await exportNodeProject(page, dir);
  return runProgram('npm', ['start', '--prefix', project]);
}

test("the exported solution passes the lesson's checks from a terminal: exit 0", async () => {
  running = await exportAndStart(lessonFile('solution.ts'));
  const result = await runCheckCommand(['--lesson', LESSON, '--url', running.origin]);
  expect(result.output).toMatch(/(\d+) of \1 checks passed\./);
  expect(result.output).not.toContain('✗');
  expect(result.code).toBe(0);
}, 300_000);

test('the exported starter fails them, naming what was expected: exit 1', async () => {
  running = await exportAndStart(lessonFile('starter.ts'));
  const result = await runCheckCommand(['--lesson', LESSON, '--url', running.origin]);
  expect(result.output).toContain('✗');
  expect(result.output).toMatch(/Expected status \d+, but got \d+/);
  expect(result.code).toBe(1);
}, 300_000);
