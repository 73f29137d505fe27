/**
 * The phases of the learner bench (bench-learner.ts), each in fresh browser contexts of the real page and each
 * begun on a (boundedly) settled machine, with the load at its start: cold visits and warm reloads, keystrokes,
 * lesson 19, cold visits with the CPU throttled, and the browser's memory after five lessons.
 */
import { readFileSync } from 'node:fs';
import { loadSettled } from '../bench/machine-load.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { throttledPage, type ThrottleOutcome } from './cpu-throttle.ts';
import { PageTargets } from './cdp-targets.ts';
import { REPO_ROOT } from './harness/paths.ts';
import type { StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST } from './harness/wait.ts';
import { keystrokeEdits, pressSendOnceRunning } from './keystroke-edits.ts';
import { partMemory, type PartMemory } from './part-memory.ts';
import { browserPid, processMemory, treePss, withRendererRoles, type ProcessMemory } from './process-memory.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

/** The CPU slowdown of the throttled cold visits: a slow laptop. */
export const SLOWDOWN = 4;
/** Fresh-context visits per cold row, and keystrokes timed (enough for a p95). */
export const VISITS = 3;
export const EDITS = 12;
/** The goals hold on a quiet machine: each phase first waits (boundedly) for the load to fall to this. */
export const QUIET_LOAD = 1.5;
/** Longest a phase waits for the load to fall to QUIET_LOAD (idle, a 1-minute load of 3 takes about 40 s to get there). */
export const SETTLE_MAX_MS = 60_000;
/**
 * PSS is read every PSS_EVERY_MS until PSS_STEADY readings in a row (30 s) lie within PSS_SPREAD of each other, at most
 * PSS_MAX_MS: after the answer PSS rises (the editor and its type checker start), stays on a high plateau until V8
 * collects what the five pages left, and only then falls. The plateau lasted up to ~10 s on a slow machine, which an
 * 18 s window outlasted; on a faster one (cold visits at 0.4 s) it held 728 MB for 18 s and fell to 290 MB at 24–30 s
 * (test/e2e/memory-profile.ts read every 3 s), which an 18 s window took for the rest.
 */
const PSS_EVERY_MS = 2000;
const PSS_STEADY = 15;
const PSS_SPREAD = 0.02;
const PSS_MAX_MS = 120_000;
/** The lessons the memory phase opens one after the other in one tab. */
const PSS_LESSONS = ['01-getting-started', '02-routes-and-methods', '03-reading-requests', '04-bodies', '05-errors'];
const SOLUTION_19 = readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/solution.ts`, 'utf8');
/** PGlite's wasm, its initdb and file bundle, and the seed: what lesson 19's page preloads while it is read. */
const DATABASE_FILES = /\/((pglite|initdb)-[\w-]+\.(wasm|data)|pglite-seed\.tar)(\.gz)?$/;
const DATABASE_FILE_COUNT = 4;
const PRELOAD_MAX_MS = 120_000;

/** One phase's figures (ms), with the 1-minute load average when the phase began. */
export interface Phase {
  values: number[];
  load: number;
}

/** The browser's memory: PSS of its process tree (MB) with one empty page and after five lessons; by process and part. */
export interface MemoryFigures {
  empty: number;
  /** Once the browser's PSS stopped changing (the fifth lesson's editor and checks loaded, the old pages collected). */
  lessons: number;
  /** The moment the fifth lesson's answer was shown, while its editor and type checker were still loading. */
  atAnswer: number;
  /** Seconds from the answer until PSS was steady (PSS_MAX_MS / 1000 when it never was). */
  steadyAfterS: number;
  byProcess: ProcessMemory[];
  parts: PartMemory[];
  load: number;
}

/** Waits (at most SETTLE_MAX_MS) for the 1-minute load to fall to QUIET_LOAD; returns it. */
const settled = (): Promise<number> => loadSettled(QUIET_LOAD, SETTLE_MAX_MS);

/** Milliseconds since navigation start once `selector` is in the page (polled each frame, by the page's clock). */
async function shownAt(page: Page, selector: string, timeout = FIRST.timeout): Promise<number> {
  const handle = await page.waitForFunction((css) => !!document.querySelector(css) && performance.now(), selector, { timeout });
  return (await handle.jsonValue()) as number;
}

/** Makes every page of `context` press Send itself as soon as its first program runs (pressSendOnceRunning). */
export async function pressSendOnceRunningIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(pressSendOnceRunning, '');
}

/**
 * When (since navigation start) the response to the Send the page pressed as soon as its program ran was shown; a page
 * whose CPU is `slowdown`× slower is given as many times longer.
 */
export function firstResponseShown(page: Page, slowdown = 1): Promise<number> {
  return shownAt(page, '[data-testid=response-status]', FIRST.timeout * slowdown);
}

/**
 * The first visit before the bench's warm reload, as the profiles repeat it: `url` until its answer and Monaco show,
 * then `waitMs` more (the previous page's background work finishes meanwhile).
 */
export async function visitUntilEditor(page: Page, url: string, waitMs = 0): Promise<void> {
  await page.goto(url);
  await firstResponseShown(page);
  await page.locator('.monaco-editor .view-lines').first().waitFor(FIRST);
  if (waitMs) await page.waitForTimeout(waitMs);
}

/** The address of `lesson` on `server`'s copy of the site. */
export const lessonUrl = (server: StaticServer, lesson: string): string => `${server.url}index.html?lesson=${lesson}`;

/** Cold visits in fresh contexts (no cache, no service worker), each followed by a warm reload; unthrottled. */
export async function coldAndWarm(browser: Browser, server: StaticServer): Promise<{ cold: Phase; editor: Phase; warm: Phase }> {
  const load = await settled();
  const out = { cold: { values: [], load }, editor: { values: [], load }, warm: { values: [], load } } as Record<
    'cold' | 'editor' | 'warm',
    Phase
  >;
  for (let visit = 0; visit < VISITS; visit++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await pressSendOnceRunningIn(context);
    const page = await context.newPage();
    await page.goto(lessonUrl(server, '01-getting-started'));
    out.cold.values.push(await firstResponseShown(page));
    out.editor.values.push(await shownAt(page, '.monaco-editor .view-lines'));
    await page.goto(lessonUrl(server, '01-getting-started'));
    out.warm.values.push(await firstResponseShown(page));
    await context.close();
  }
  return out;
}

/** Cold visits in fresh contexts with the page, its frames and what else takes it throttled SLOWDOWN×. */
export async function slowCold(browser: Browser, server: StaticServer): Promise<{ cold: Phase; reached: ThrottleOutcome[] }> {
  const cold: Phase = { values: [], load: await settled() };
  const reached: ThrottleOutcome[] = [];
  for (let visit = 0; visit < VISITS; visit++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await pressSendOnceRunningIn(context);
    const { page, targets, outcomes } = await throttledPage(context, SLOWDOWN);
    await page.goto(lessonUrl(server, '01-getting-started'));
    cold.values.push(await firstResponseShown(page, SLOWDOWN));
    await targets.settled();
    reached.push(...outcomes);
    await targets.detach();
    await context.close();
  }
  return { cold, reached };
}

/** Keystroke → response shown, EDITS times, in a context that visited once (as a learner typing is). */
export async function edits(browser: Browser, server: StaticServer): Promise<Phase> {
  const load = await settled();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    return { values: await keystrokeEdits(await context.newPage(), lessonUrl(server, '01-getting-started'), EDITS), load };
  } finally {
    await context.close();
  }
}

/**
 * Whether lesson 19's page, within PRELOAD_MAX_MS, stored its preloaded database files offline and the lesson's
 * database files in IndexedDB (what the spare that opens the database ahead stores as its last step).
 */
async function databasePreloaded(page: Page): Promise<boolean> {
  const end = Date.now() + PRELOAD_MAX_MS;
  while (Date.now() < end) {
    const stored = await page.evaluate(async (pattern) => {
      let count = 0;
      for (const name of await caches.keys()) {
        if (!name.startsWith('halo-offline-')) continue;
        for (const request of await (await caches.open(name)).keys()) if (new RegExp(pattern).test(request.url)) count++;
      }
      return count;
    }, DATABASE_FILES.source);
    // Opened only once the page made it: an open by name alone would make it without its object store.
    const opened = await page.evaluate(async () =>
      !(await indexedDB.databases()).some((db) => db.name === 'halo-pg')
        ? 0
        : new Promise<number>((resolve) => {
            const open = indexedDB.open('halo-pg');
            open.onerror = () => resolve(0);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('files')) return resolve(0);
              const name = 'workspace:19-persisting-data\u0000halo';
              const count = db
                .transaction('files')
                .objectStore('files')
                .count(IDBKeyRange.bound([name, ''], [name, '\uffff']));
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => resolve(0);
            };
          }),
    );
    if (stored >= DATABASE_FILE_COUNT && opened > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** What happened on the way to lesson 19's first PgService response. */
export interface PgNotes {
  /** Whether the database preload was stored before the solution was pasted. */
  preloaded: boolean;
  /**
   * Answers before the first 2xx (a 504: the program did not answer within the engine's 5 s, and was restarted);
   * PG_SENDS of them when none came.
   */
  failedSends: string[];
}

/** Sends at most this many times for lesson 19's first 2xx, as a learner would press Send again after a 504. */
const PG_SENDS = 4;

/** Clicks Send and waits for the exchange to end; its status, or `no status` when the panel shows none (a restart). */
async function sendOnce(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: 'Send', exact: true });
  await button.click();
  await button.waitFor(ANSWER);
  const status = page.getByTestId('response-status');
  return (await status.isVisible()) ? ((await status.textContent()) ?? '') : 'no status';
}

/**
 * Lesson 19 in a fresh context, read until its database preload is stored and its database opened ahead: the solution pasted → its program
 * runs → Send (again after a 504) → the 2xx response shown, in ms.
 */
export async function firstPgResponse(browser: Browser, server: StaticServer): Promise<{ pg: Phase; notes: PgNotes }> {
  const load = await settled();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(lessonUrl(server, '19-persisting-data'));
    const bundle = await waitForProgram(page, '', FIRST.timeout);
    await shownAt(page, '.monaco-editor .view-lines');
    const preloaded = await databasePreloaded(page);
    const started = await page.evaluate(() => performance.now());
    await replaceCode(page, SOLUTION_19);
    await waitForProgram(page, bundle, FIRST.timeout);
    const failedSends: string[] = [];
    for (let sends = 0; sends < PG_SENDS; sends++) {
      const status = await sendOnce(page);
      if (status.startsWith('2')) {
        return { pg: { values: [(await page.evaluate(() => performance.now())) - started], load }, notes: { preloaded, failedSends } };
      }
      failedSends.push(status);
    }
    // No 2xx: the row says so, and the rest of the section is still measured.
    return { pg: { values: [], load }, notes: { preloaded, failedSends } };
  } finally {
    await context.close();
  }
}

/** The tree's PSS once PSS_STEADY readings in a row lie within PSS_SPREAD (or at PSS_MAX_MS), and the seconds that took. */
async function steadyPss(pid: number): Promise<{ mb: number; afterS: number }> {
  const start = Date.now();
  const readings: number[] = [];
  for (;;) {
    readings.push(treePss(pid));
    const last = readings.slice(-PSS_STEADY);
    const steady = last.length === PSS_STEADY && Math.max(...last) - Math.min(...last) <= PSS_SPREAD * Math.max(...last);
    if (steady || Date.now() - start >= PSS_MAX_MS) return { mb: readings.at(-1)!, afterS: (Date.now() - start) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, PSS_EVERY_MS));
  }
}

/** Opens PSS_LESSONS one after the other in `page`, each once its program ran, its editor showed and a Send was answered. */
export async function openFiveLessons(page: Page, server: StaticServer): Promise<void> {
  let bundle = '';
  for (const lesson of PSS_LESSONS) {
    await page.goto(lessonUrl(server, lesson));
    bundle = await waitForProgram(page, bundle, FIRST.timeout);
    await shownAt(page, '.monaco-editor .view-lines');
    await send(page);
  }
}

/** The browser's PSS with one empty page, then after five lessons opened one after the other in one playground tab. */
export async function memory(browser: Browser, server: StaticServer): Promise<MemoryFigures> {
  const load = await settled();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto('about:blank');
  const pid = browserPid();
  const empty = treePss(pid);
  const targets = await PageTargets.attach(context, page, async () => undefined);
  await openFiveLessons(page, server);
  const atAnswer = treePss(pid);
  // What the learner's machine holds is the page at rest: right after the answer, the editor and type checker are
  // still loading and the pages left are not yet collected (PSS rose by 100–150 MB and fell below the first reading
  // within 20 s in a probe).
  const steady = await steadyPss(pid);
  await targets.settled();
  const parts = await partMemory(targets);
  const workersOf = (renderer: string) => parts.filter((part) => part.renderer === renderer && part.worker).length;
  const byProcess = withRendererRoles(processMemory(pid), workersOf("page's"), workersOf("sandbox frame's"));
  await targets.detach();
  await context.close();
  return { empty, lessons: steady.mb, atAnswer, steadyAfterS: steady.afterS, byProcess, parts, load };
}
