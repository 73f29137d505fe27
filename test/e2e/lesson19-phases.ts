/**
 * Lesson 19 (PgService) as a learner meets it, for `HALO_BENCH_ONLY=lesson19 npm run bench:browser` (issue 51): in one
 * tab of a fresh context, lesson 1 answered (the cold baseline) and reloaded (warm), then lesson 19 (moved to in the
 * same document, as the lesson picker does) read until its database is opened ahead, "Use solution" clicked → the new program's first answer shown (Send pressed only once the status line names
 * the new build, so no earlier program answers it), its checks round done; then lesson 2, five seconds after leaving;
 * then 20 switches between lesson 2 and lesson 19. Memory is the browser's whole process tree after a forced GC of
 * every part CDP reaches: whole PSS and "own" (Pss_Anon + Pss_Shmem); PGlite workers are counted over CDP all through
 * lesson 19. The same "Use solution" → first answer with the page and the sandbox frame at CPU 4×, and a warm reload
 * of lesson 1 → its first answer.
 */
import type { Browser, Page } from 'playwright-core';
import { loadavg } from 'node:os';
import { PageTargets, pgliteWorkers, watchPgliteWorkers } from './cdp-targets.ts';
import { throttledPage } from './cpu-throttle.ts';
import type { StaticServer } from './harness/static-server.ts';
import { FIRST } from './harness/wait.ts';
import { firstResponseShown, lessonUrl, pressSendOnceRunningIn, SLOWDOWN } from './learner-phases.ts';
import { browserPid, treeMemory } from './process-memory.ts';
import { send, waitForProgram } from './share-page.ts';

/** Switches between lesson 2 and lesson 19 after the first visit (the 20). */
const SWITCHES = 20;
/** How long after leaving lesson 19 its memory is read. */
const AFTER_LEAVING_MS = 5000;
/** Longest wait for lesson 19's database to be opened ahead (PGlite fetched, inflated, started, its files stored). */
const AHEAD_MAX_MS = 120_000;

/** Whole-browser PSS and own memory, MB. */
export interface Memory {
  whole: number;
  own: number;
}

/** One run of the lesson 19 phase. */
export interface Lesson19Run {
  cold: Memory;
  lesson19: Memory;
  leftFor5s: Memory;
  secondSwitch: Memory;
  lastSwitch: Memory;
  /** The most PGlite workers alive at once from "Use solution" through its checks round, and how often that was read. */
  pgliteMost: number;
  pgliteReadings: number;
  /** "Use solution" → the new program's first answer shown, ms; at CPU SLOWDOWN× too. */
  useSolution: number | null;
  useSolutionSlow: number | null;
  /** Warm reload of lesson 1 → its first answer shown, ms. */
  warmReload: number;
  /** The 1-minute load average when the run began. */
  load: number;
}

/** The browser's memory after a forced GC of every part CDP reaches behind `targets`. */
async function memoryAfterGc(targets: PageTargets, pid: number): Promise<Memory> {
  await Promise.all(targets.live().map((target) => target.send('HeapProfiler.collectGarbage').catch(() => undefined)));
  return treeMemory(pid);
}

/**
 * Moves the open page to `lesson` as the learner's Back/Forward or lesson picker does (the same document: what the
 * lesson left behind stays to be collected, or not), and waits until its program runs (a build other than `before`).
 */
async function switchLesson(page: Page, lesson: string, before: string): Promise<string> {
  await page.evaluate((id) => {
    const url = new URL(location.href);
    url.searchParams.set('lesson', id);
    history.pushState({ haloLesson: id }, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, lesson);
  return waitForProgram(page, before, FIRST.timeout);
}

/** Opens `lesson` in `page` (a navigation) and waits until its program runs; returns its build. */
async function openLesson(page: Page, server: StaticServer, lesson: string, timeout = FIRST.timeout): Promise<string> {
  await page.goto(lessonUrl(server, lesson));
  return waitForProgram(page, '', timeout);
}

/**
 * "Show solution" → "Use solution" clicked; the ms until the new program's first answer is shown (null when it
 * answered no 2xx). Send is pressed once the status line names a new build: the program that answers is the new one.
 */
async function useSolution(page: Page, before: string, slowdown = 1): Promise<number | null> {
  await page.getByRole('button', { name: 'Show solution', exact: true }).click();
  const use = page.getByRole('button', { name: 'Use solution', exact: true });
  await use.waitFor({ timeout: FIRST.timeout * slowdown });
  const clicked = await page.evaluate(() => performance.now());
  await use.click();
  await waitForProgram(page, before, FIRST.timeout * slowdown);
  const { status } = await send(page);
  if (!status.startsWith('2')) return null;
  return (await page.evaluate(() => performance.now())) - clicked;
}

/** Waits until lesson 19's checks round ended with every check passed. */
async function checksDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const list = document.querySelector('[data-testid=lesson-checks]');
      return list?.getAttribute('data-state') === 'done' && !list.querySelector('[data-check-status=failed], [data-check-status=pending]');
    },
    undefined,
    { timeout: FIRST.timeout },
  );
}

/** Waits until a server worker holds lesson 19's database opened ahead (or AHEAD_MAX_MS passed). */
async function openedAhead(targets: PageTargets): Promise<void> {
  const end = Date.now() + AHEAD_MAX_MS;
  while (Date.now() < end && (await pgliteWorkers(targets)) === 0) await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Lesson 1 answered, then lesson 19 through its checks round, leaving it, and the switches; memory throughout. */
async function memoryRun(browser: Browser, server: StaticServer): Promise<Omit<Lesson19Run, 'useSolutionSlow' | 'load'>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await pressSendOnceRunningIn(context);
    const page = await context.newPage();
    await page.goto('about:blank');
    const targets = await PageTargets.attach(context, page, async () => undefined);
    const pid = browserPid();
    await openLesson(page, server, '01-getting-started');
    await firstResponseShown(page);
    await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
    const cold = await memoryAfterGc(targets, pid);
    await page.reload();
    const warmReload = await firstResponseShown(page);
    let bundle = await switchLesson(page, '19-persisting-data', await waitForProgram(page));
    await openedAhead(targets);
    const watch = watchPgliteWorkers(targets);
    const answered = await useSolution(page, bundle);
    await checksDone(page);
    const { most, readings } = await watch.stop();
    const lesson19 = await memoryAfterGc(targets, pid);
    bundle = await switchLesson(page, '02-routes-and-methods', bundle);
    await page.waitForTimeout(AFTER_LEAVING_MS);
    const leftFor5s = await memoryAfterGc(targets, pid);
    let secondSwitch = leftFor5s;
    for (let switched = 1; switched <= SWITCHES; switched++) {
      bundle = await switchLesson(page, switched % 2 ? '19-persisting-data' : '02-routes-and-methods', bundle);
      if (switched === 2) secondSwitch = await memoryAfterGc(targets, pid);
    }
    const lastSwitch = await memoryAfterGc(targets, pid);
    await targets.detach();
    return {
      cold,
      lesson19,
      leftFor5s,
      secondSwitch,
      lastSwitch,
      pgliteMost: most,
      pgliteReadings: readings,
      useSolution: answered,
      warmReload,
    };
  } finally {
    await context.close();
  }
}

/** "Use solution" → first answer on lesson 19 with the page and every frame CDP reaches at CPU SLOWDOWN×. */
async function slowUseSolution(browser: Browser, server: StaticServer): Promise<number | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const { page, targets } = await throttledPage(context, SLOWDOWN);
    const bundle = await openLesson(page, server, '19-persisting-data', FIRST.timeout * SLOWDOWN);
    await page
      .locator('.monaco-editor .view-lines')
      .first()
      .waitFor({ timeout: FIRST.timeout * SLOWDOWN });
    await openedAhead(targets);
    const answered = await useSolution(page, bundle, SLOWDOWN);
    await targets.detach();
    return answered;
  } finally {
    await context.close();
  }
}

/** One run of the phase: memory and times at full speed, then "Use solution" at CPU SLOWDOWN×. */
export async function lesson19Run(browser: Browser, server: StaticServer): Promise<Lesson19Run> {
  const load = loadavg()[0];
  const run = await memoryRun(browser, server);
  return { ...run, useSolutionSlow: await slowUseSolution(browser, server), load };
}
