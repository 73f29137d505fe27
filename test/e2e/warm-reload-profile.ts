/**
 * Where a warm reload's time goes, as the learner bench times it (bench-learner.ts): a first visit to lesson 1 in a
 * fresh context, a reload as soon as Monaco shows, the page pressing Send once its program runs. The reload is traced
 * in Chromium; printed are the time to the response shown, each thread's busy time up to then (its longest tasks as
 * `start+duration`, ms since the reload), and the page's main thread's own time by kind of work and by event.
 * `HALO_DIST_DIR=… npx tsx test/e2e/warm-reload-profile.ts` on a built site (about a minute); `HALO_PROFILE_WAIT_MS`
 * waits between the visit and the reload (the previous page's background work then has finished), `HALO_PROFILE_RUNS`
 * repeats it. Not a test: a profile, for explaining the bench's figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from './harness/browser.ts';
import { ensureChromium } from './harness/chromium.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { firstResponseShown, lessonUrl, pressSendOnceRunningIn, visitUntilEditor } from './learner-phases.ts';
import { busiestThreads, commitAt, kindOf, mainThreadOf, ownTimes, type TraceEvent } from './trace-busy.ts';

const WAIT_MS = Number(process.env.HALO_PROFILE_WAIT_MS ?? 0);
const RUNS = Number(process.env.HALO_PROFILE_RUNS ?? 1);
/** What Chromium records: the timeline's tasks in every process, V8's compiles and the service worker's. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'ServiceWorker',
  'loading',
  'toplevel',
];

ensureChromium();
const server = await serveStatic(distDir());
const browser = await launchChromium();
const scratch = mkdtempSync(join(tmpdir(), 'halo-warm-profile-'));
const url = lessonUrl(server, '01-getting-started');
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await pressSendOnceRunningIn(context);
    const page = await context.newPage();
    await visitUntilEditor(page, url, WAIT_MS);
    const load = loadavg()[0];
    const path = join(scratch, `reload-${run}.json`);
    await browser.startTracing(undefined, { path, categories: CATEGORIES });
    await page.goto(url);
    const warm = await firstResponseShown(page);
    await browser.stopTracing();
    await context.close();
    const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    // The trace begins a little before the navigation; the window reaches to the response shown, with that lead.
    const end = warm + 200;
    console.log(`\n## Warm reload ${run + 1}: response shown at ${warm.toFixed(0)} ms (load ${load.toFixed(2)}, waited ${WAIT_MS} ms)\n`);
    console.log('| process | thread | busy ms | longest tasks (start+ms) |\n|---|---|--:|---|');
    for (const thread of busiestThreads(events, end))
      console.log(`| ${thread.process} | ${thread.thread} | ${thread.busyMs.toFixed(0)} | ${thread.longest.join(', ')} |`);
    const main = mainThreadOf(events, '/assets/index-');
    if (!main) throw new Error("the trace has no compile of the page's entry");
    // Chromium reuses the renderer for a reload: what the old document still runs holds the new one back.
    console.log(`\nThe new document committed at ${commitAt(events, main)?.toFixed(0) ?? '?'} ms.`);
    const own = ownTimes(events, main, end);
    const kinds = new Map<string, number>();
    for (const [name, ms] of own) kinds.set(kindOf(name), (kinds.get(kindOf(name)) ?? 0) + ms);
    const rows = (map: Map<string, number>, count: number): string =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, ms]) => `| ${name} | ${ms.toFixed(0)} |`)
        .join('\n');
    console.log(`\n| page's main thread, by kind | ms |\n|---|--:|\n${rows(kinds, 10)}`);
    console.log(`\n| page's main thread, by event (own time) | ms |\n|---|--:|\n${rows(own, 12)}`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
}
