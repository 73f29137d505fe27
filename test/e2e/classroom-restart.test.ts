/**
 * A class that survives its restart, in real Chromium against `npm run classroom` run in a child process exactly
 * as docs/classroom.md writes it (plus the test's free port and build): two learners share; Ctrl-C and the same command
 * with `--keep` bring the same class back, both pages carry on and the dashboard shows them with their earlier
 * results; Ctrl-C and the command without `--keep` start a new class, both pages say the class ended, one click
 * joins the new class, and "Leave the class" works throughout (also while the server is down).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { waitForProgram } from './share-page.ts';
import type { ResultRecord } from '../../runtime/classroom/class-protocol.ts';

/** One run of the class command. */
interface ClassRun {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  code: string;
  key: string;
  joinUrl: string;
  dashboardUrl: string;
}

let browser: Browser;
let port = 0;
const keep = mkdtempSync(join(tmpdir(), 'halo-class-keep-'));
const contexts: BrowserContext[] = [];
const runs: ClassRun[] = [];
const pages: Record<'ann' | 'bo', Page> = {} as never;
/** Stops a class a failing test left running, so the next test finds its port free. */
let onFailure: (() => Promise<unknown>) | undefined;

/** A port free now: both runs take it, as a teacher's restart takes the default one. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

/** `npm run classroom -- <args>` in its own process group (Ctrl-C in a terminal signals the whole group). */
async function startClass(args: string[]): Promise<ClassRun> {
  const child = spawn('npm', ['run', 'classroom', '--', ...args, '--host', '127.0.0.1', '--port', String(port), '--site', distDir()], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 4 * FIRST.timeout;
  while (!/Teacher key\s+\S+/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`the class did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const field = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '';
  const run = {
    child,
    output: () => output,
    exited,
    code: field(/Class code\s+(\S+)/),
    key: field(/Teacher key\s+(\S+)/),
    joinUrl: field(/Learners open\s+(\S+)/),
    dashboardUrl: field(/(http:\/\/\S+\/dashboard#key=\S+)/),
  };
  runs.push(run);
  return run;
}

/** Ctrl-C: SIGINT to the command's process group (npm dies of it; the class server ends on its own); resolves with what the server said last. */
async function stopClass(run: ClassRun): Promise<string> {
  process.kill(-run.child.pid!, 'SIGINT');
  await run.exited;
  const deadline = Date.now() + FIRST.timeout;
  while (!/Class (paused|ended)/.test(run.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return run.output().split('\n').filter(Boolean).at(-1) ?? '';
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  contexts.push(context);
  return context.newPage();
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Class' });
/** The panel's status line while the class server is down. */
const AWAY = 'The class server does not answer (it may be restarting)';

/** Opens the join address, joins with the code and `name`, and shares. */
async function joinAndShare(run: ClassRun, name: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${run.joinUrl}&lesson=01-getting-started`);
  await waitForProgram(page, '', FIRST.timeout);
  const panel = panelOf(page);
  // A first visit's page is busy for a while (Monaco, the offline cache) on a loaded machine.
  await panel.getByLabel('Class code').fill(run.code, { timeout: 3 * FIRST.timeout });
  await panel.getByLabel('Your name').fill(name, FIRST);
  await panel.getByRole('button', { name: 'Join the class' }).click(FIRST);
  await panel.getByRole('button', { name: 'Share my check results with the teacher' }).click(FIRST);
  await panel.getByText('Sharing is on').waitFor(WAIT);
  return page;
}

/** The learners the class server has now, with their results (as the teacher's key reads them). */
async function classNow(
  run: ClassRun,
): Promise<{ names: string[]; results: Pick<ResultRecord, 'learnerId' | 'lesson' | 'check' | 'passed'>[] }> {
  const headers = { 'x-class-key': run.key };
  const origin = new URL(run.joinUrl).origin;
  const learners = (await (await fetch(`${origin}/api/learners`, { headers })).json()) as { name: string }[];
  const records = (await (await fetch(`${origin}/api/results`, { headers })).json()) as ResultRecord[];
  // What each learner passed, not when: a result the page could not send while the server was away is sent again.
  const results = records
    .map(({ learnerId, lesson, check, passed }) => ({ learnerId, lesson, check, passed }))
    .sort((a, b) => `${a.learnerId}:${a.lesson}:${a.check}`.localeCompare(`${b.learnerId}:${b.lesson}:${b.check}`));
  return { names: learners.map((learner) => learner.name).sort(), results };
}

/** The dashboard's rows as the teacher sees them: learner name → cell states. */
function dashboardRows(dashboard: Page): Promise<Record<string, string[]>> {
  return dashboard.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[role=row][data-learner]')].map((row) => [
        row.getAttribute('data-learner'),
        [...row.querySelectorAll('[role=gridcell][data-check]')].map((cell) => cell.getAttribute('data-state') ?? ''),
      ]),
    ),
  );
}

beforeAll(async () => {
  port = await freePort();
  browser = await testChromium();
}, 120_000);

afterEach(async () => {
  await onFailure?.();
  onFailure = undefined;
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  // A run stopped by Ctrl-C ended by its signal (exitCode stays null): only the ones still running are killed.
  for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, 'SIGKILL');
  rmSync(keep, { recursive: true, force: true });
});

test('restarted with --keep, the same class comes back: both pages carry on, the dashboard shows them and their results', async () => {
  const first = await startClass(['--keep', keep]);
  onFailure = () => stopClass(first);
  pages.ann = await joinAndShare(first, 'Ann');
  pages.bo = await joinAndShare(first, 'Bo');
  // The starter of lesson 1 fails its task check and passes its observe check: both results arrive.
  await expect.poll(async () => (await classNow(first)).results.length, ANSWER).toBe(4);
  const before = await classNow(first);
  // Offline like the playground: once the page has stored the build (its toolbar says "Ready offline").
  await pages.bo.getByText('Ready offline').waitFor({ timeout: 4 * FIRST.timeout });

  onFailure = undefined;
  expect(await stopClass(first)).toBe(`Class paused; it is kept in ${keep}.`);
  // The server is gone: the pages say so, and a reload still loads the page (offline, from its service worker's copy).
  for (const page of Object.values(pages)) await panelOf(page).getByText(AWAY).waitFor(WAIT);
  await pages.bo.reload();
  await waitForProgram(pages.bo, '', FIRST.timeout);
  // A member's page opens with its Class panel closed.
  await pages.bo.getByRole('button', { name: 'Class · sharing' }).click(FIRST);
  await panelOf(pages.bo).getByText(AWAY).waitFor(WAIT);

  const second = await startClass(['--keep', keep]);
  onFailure = () => stopClass(second);
  expect({ code: second.code, key: second.key }).toEqual({ code: first.code, key: first.key });
  for (const page of Object.values(pages)) {
    await expect.poll(() => panelOf(page).getByText(AWAY).count(), WAIT).toBe(0);
    await panelOf(page).getByText('Sharing is on').waitFor(WAIT);
    // A result the page could not send while the server was away (Bo's reload ran the checks) is sent now, and
    // its error goes.
    await expect.poll(() => panelOf(page).getByRole('alert').count(), WAIT).toBe(0);
  }
  expect(await classNow(second)).toEqual(before);
  const dashboard = await newPage();
  await dashboard.goto(second.dashboardUrl);
  // The dashboard opens on the overview (learners × lessons): the checks' cells are one lesson's view.
  await dashboard.getByRole('combobox', { name: /^Lesson/ }).selectOption('01-getting-started', WAIT);
  await expect.poll(() => dashboardRows(dashboard), ANSWER).toEqual({ Ann: ['fail', 'pass'], Bo: ['fail', 'pass'] });
  onFailure = undefined;
  expect(await stopClass(second)).toBe(`Class paused; it is kept in ${keep}.`);
}, 900_000);

test('restarted without --keep, both pages say the class ended; one click joins the new class; Leave always works', async () => {
  const third = await startClass([]);
  onFailure = () => stopClass(third);
  expect(third.code).not.toBe(runs[0].code);
  for (const page of Object.values(pages)) await panelOf(page).getByText('This class has ended').waitFor(ANSWER);
  await panelOf(pages.ann).getByRole('button', { name: 'Join the new class' }).click();
  await panelOf(pages.ann).getByText('Sharing is on').waitFor(WAIT);
  await expect.poll(async () => (await classNow(third)).names, ANSWER).toEqual(['Ann']);
  await panelOf(pages.bo).getByRole('button', { name: 'Leave the class' }).click();
  await panelOf(pages.bo).getByRole('button', { name: 'Join the class' }).waitFor(WAIT);

  // With the server down, Leave still leaves.
  onFailure = undefined;
  expect(await stopClass(third)).toBe('Class ended; its data is gone.');
  await panelOf(pages.ann).getByText(AWAY).waitFor(WAIT);
  await panelOf(pages.ann).getByRole('button', { name: 'Leave the class' }).click();
  await panelOf(pages.ann).getByRole('button', { name: 'Join the class' }).waitFor(WAIT);
}, 600_000);
