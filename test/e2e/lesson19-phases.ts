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
import { pressSendOnceRunning } from './keystroke-edits.ts';
import { firstResponseShown, lessonUrl, pressSendOnceRunningIn, SLOWDOWN } from './learner-phases.ts';
import { browserPid, treeMemory } from './process-memory.ts';
import { waitForProgram } from './share-page.ts';

/** Switches between lesson 2 and lesson 19 after the first visit (the 20). */
const SWITCHES = 20;
/** How long after leaving lesson 19 its memory is read. */
const AFTER_LEAVING_MS = 5000;
/** Longest wait for lesson 19's database to be opened ahead (PGlite fetched, inflated, started, its files stored). */
const AHEAD_MAX_MS = 120_000;
/** The cold baseline is read at rest: own memory read every STEADY_EVERY_MS until two readings differ by less than STEADY_MB. */
const STEADY_EVERY_MS = 2000;
const STEADY_MB = 3;
const STEADY_MAX_MS = 30_000;

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

/** Called at each state memory is read in (`cold`, `lesson19`, `left`), after its forced GC: a profile's dump goes here. */
type AtState = (state: 'cold' | 'lesson19' | 'left', targets: PageTargets, pid: number) => Promise<void>;

/** The browser's memory after a forced GC of every part CDP reaches behind `targets`. */
async function memoryAfterGc(targets: PageTargets, pid: number): Promise<Memory> {
  await Promise.all(targets.live().map((target) => target.send('HeapProfiler.collectGarbage').catch(() => undefined)));
  return treeMemory(pid);
}

/**
 * The browser's memory at rest: read (memoryAfterGc) until two readings STEADY_EVERY_MS apart differ by less than
 * STEADY_MB own. Right after the first answer, Monaco's TypeScript worker is still loading the program's types (about
 * 20 MB it holds from then on, on any lesson), which a cold baseline read then leaves out.
 */
async function steadyMemory(targets: PageTargets, pid: number): Promise<Memory> {
  const end = Date.now() + STEADY_MAX_MS;
  let last = await memoryAfterGc(targets, pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, STEADY_EVERY_MS));
    const next = await memoryAfterGc(targets, pid);
    if (Math.abs(next.own - last.own) < STEADY_MB || Date.now() > end) return next;
    last = next;
  }
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
 * In the page: notes when "Use solution" is clicked (the click event, by the page's clock) and the frame that first
 * shows an answer to the Send pressed after it: a status shown while no "Sending …" is, and not the one shown when
 * Send was pressed (another node, or other text: its time and size). The page presses Send itself
 * (pressSendOnceRunning) once the status line names the new build, so the new program answers and no round trip to
 * the bench lies between its start and the click. Self-contained, for `page.evaluate` (no named functions: tsx's
 * helpers around them do not exist in the page).
 */
function noteUseSolution(): void {
  const bench = window as unknown as { usedAt: number; answeredAt: number; answered: string };
  bench.usedAt = 0;
  bench.answeredAt = 0;
  let sent: { status: Element | null; text: string } | null = null;
  document.addEventListener(
    'click',
    (event) => {
      const label = (event.target as Element | null)?.closest('button')?.textContent?.trim();
      if (label === 'Use solution' && !bench.usedAt) bench.usedAt = performance.now();
      if (label !== 'Send' || !bench.usedAt || sent) return;
      const status = document.querySelector('[data-testid=response-status]');
      sent = { status, text: status?.parentElement?.textContent ?? '' };
    },
    { capture: true },
  );
  new MutationObserver((_, observer) => {
    const status = document.querySelector('[data-testid=response-status]');
    if (!sent || !status) return;
    const summary = status.parentElement;
    if (summary?.lastElementChild?.textContent?.startsWith('Sending ')) return;
    if (status === sent.status && summary?.textContent === sent.text) return;
    observer.disconnect();
    bench.answered = status.textContent ?? '';
    requestAnimationFrame(() => (bench.answeredAt = performance.now()));
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * "Show solution" → "Use solution" clicked; the ms from the click to the frame showing the new program's first answer
 * (null when it answered no 2xx), by the page's clock (noteUseSolution).
 */
async function useSolution(page: Page, before: string, slowdown = 1): Promise<number | null> {
  await page.getByRole('button', { name: 'Show solution', exact: true }).click();
  const use = page.getByRole('button', { name: 'Use solution', exact: true });
  await use.waitFor({ timeout: FIRST.timeout * slowdown });
  await page.evaluate(noteUseSolution);
  await page.evaluate(pressSendOnceRunning, before);
  await use.click();
  const handle = await page.waitForFunction(
    () => {
      const bench = window as unknown as { usedAt: number; answeredAt: number; answered: string };
      return bench.answeredAt > 0 && { ms: bench.answeredAt - bench.usedAt, status: bench.answered };
    },
    undefined,
    { timeout: FIRST.timeout * slowdown },
  );
  const { ms, status } = (await handle.jsonValue()) as { ms: number; status: string };
  return status.startsWith('2') ? ms : null;
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

/**
 * Lesson 1 answered, then lesson 19 through its checks round, leaving it, and the switches (none when `switches` is
 * 0); memory throughout, `at` called at each state read.
 */
export async function memoryRun(
  browser: Browser,
  server: StaticServer,
  at: AtState = async () => undefined,
  switches = SWITCHES,
): Promise<Omit<Lesson19Run, 'useSolutionSlow' | 'load'>> {
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
    const cold = await steadyMemory(targets, pid);
    await at('cold', targets, pid);
    await page.reload();
    const warmReload = await firstResponseShown(page);
    let bundle = await switchLesson(page, '19-persisting-data', await waitForProgram(page));
    await openedAhead(targets);
    const watch = watchPgliteWorkers(targets);
    const answered = await useSolution(page, bundle);
    await checksDone(page);
    const { most, readings } = await watch.stop();
    const lesson19 = await memoryAfterGc(targets, pid);
    await at('lesson19', targets, pid);
    bundle = await switchLesson(page, '02-routes-and-methods', bundle);
    await page.waitForTimeout(AFTER_LEAVING_MS);
    const leftFor5s = await memoryAfterGc(targets, pid);
    await at('left', targets, pid);
    let secondSwitch = leftFor5s;
    for (let switched = 1; switched <= switches; switched++) {
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
