/**
 * The teacher's dashboard under a full class (`npx tsx test/bench/classroom-dashboard.ts`, about 3 minutes; not
 * part of `npm test`): the class server in its own process serves the built site (`$HALO_DIST_DIR`, else
 * dist/; built first when it has no dashboard page); LEARNERS simulated learners (Node clients: REST to share,
 * a WebSocket each) send a check result every 2 s for SECONDS, while the real dashboard page runs in Chromium
 * with its CPU slowed 4× (CDP `Emulation.setCPUThrottlingRate`), showing the lesson's learners × checks with
 * every row on screen. Each cell carries its result's server time (`data-at`): a MutationObserver in the page
 * notes when each result reached its cell, matched to its send by learner, check and that time.
 * Reports results sent (by the learners whose rows are drawn: all of them unless CLASS_BENCH_WINDOW), shown
 * and missing, send→cell latency (p50, p95, max), the page's main thread busy (CDP Performance metrics:
 * TaskDuration over wall time while results flow, and the script, style and layout parts of it) and the
 * machine's load. CLASS_BENCH_PROFILE / CLASS_BENCH_TRACE write the page's CPU profile / a Chromium trace.
 * Exits 1 when a result is not shown, p95 > 1 s or the main thread is busy 50 % or more.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../e2e/harness/browser.ts';
import { buildSite } from '../e2e/harness/build-site.ts';
import { distDir } from '../e2e/harness/paths.ts';
import { EVERY_MS, joinLearners, loadavg, percentile, sendResults, startBenchClass } from './classroom-learners.ts';

const LEARNERS = Number(process.env.CLASS_LOAD_LEARNERS) || 300;
const SECONDS = Number(process.env.CLASS_LOAD_SECONDS) || 120;
const CPU_SLOWDOWN = Number(process.env.CLASS_BENCH_CPU_SLOWDOWN) || 4;
/**
 * By default tall enough that every learner's row is on screen (32 px each), so every result is drawn;
 * CLASS_BENCH_WINDOW=1366x768 is a teacher's usual window instead, where only the rows on screen exist:
 * then only the results of those learners are counted (the page still receives and applies all of them).
 */
const WINDOW = /^(\d+)x(\d+)$/.exec(process.env.CLASS_BENCH_WINDOW ?? '');
const VIEWPORT = WINDOW ? { width: Number(WINDOW[1]), height: Number(WINDOW[2]) } : { width: 1280, height: LEARNERS * 32 + 800 };

/** One cell change the page saw: which learner and check, the result's server time, and when (ms since epoch). */
type Shown = { learner: string; check: number; at: string; when: number };

const site = distDir();
if (!existsSync(join(site, 'web/classroom/dashboard.html'))) {
  console.error(`No built site with the dashboard at ${site}: building it (a few minutes)…`);
  await buildSite(site);
}
const load = { start: loadavg(), end: '' };
const started = await startBenchClass(site);
const learners = await joinLearners(started, LEARNERS);
const idOfName = new Map(learners.map((l) => [l.name, l.id]));

const browser = await launchChromium();
const context = await browser.newContext({ viewport: VIEWPORT });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Performance.enable');
await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
await page.goto(`${started.url}/dashboard#key=${started.key}`);
await page.getByRole('combobox', { name: /^Lesson/ }).selectOption(started.lesson.id, { timeout: 120_000 });
await page.waitForFunction(
  WINDOW
    ? `document.querySelectorAll('[role=row][data-learner]').length > 0`
    : `document.querySelectorAll('[role=row][data-learner]').length === ${LEARNERS}`,
  undefined,
  { timeout: 120_000 },
);
// The learners whose rows the page draws (every one, unless CLASS_BENCH_WINDOW): only their results can be seen.
const drawn = new Set(
  (
    await page.evaluate<(string | null)[]>(
      `[...document.querySelectorAll('[role=row][data-learner]')].map((row) => row.getAttribute('data-learner'))`,
    )
  ).map((name) => idOfName.get(name ?? '')),
);
// Page code as text: tsx would wrap functions in a `__name` call the page lacks.
await page.evaluate(`
  window.shown = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      const at = change.target.getAttribute('data-at');
      const learner = change.target.closest('[role=row]')?.getAttribute('data-learner');
      if (at && learner) window.shown.push({ learner, check: Number(change.target.getAttribute('data-check')), at, when: Date.now() });
    }
  }).observe(document.querySelector('[role=grid]'), { attributes: true, attributeFilter: ['data-at'], subtree: true });
`);

/** The page's main-thread seconds so far: all tasks, and what part of them went to script, style and layout. */
type ThreadSeconds = { TaskDuration: number; ScriptDuration: number; RecalcStyleDuration: number; LayoutDuration: number };
const threadSeconds = async (): Promise<ThreadSeconds> => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: keyof ThreadSeconds) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return {
    TaskDuration: value('TaskDuration'),
    ScriptDuration: value('ScriptDuration'),
    RecalcStyleDuration: value('RecalcStyleDuration'),
    LayoutDuration: value('LayoutDuration'),
  };
};
// CLASS_BENCH_PROFILE=file.cpuprofile: the page's JavaScript profile while results flow (open it in Chrome's DevTools).
const profileFile = process.env.CLASS_BENCH_PROFILE;
if (profileFile) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
}
// CLASS_BENCH_TRACE=file.json: a Chromium trace (the Performance panel's events) of the first 15 s of results.
const traceFile = process.env.CLASS_BENCH_TRACE;
if (traceFile)
  await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });

// Every send, by learner, check and the server time its reply gave the result.
const sentAt = new Map<string, number>();
let sent = 0;
let refused = 0;
const busyFrom = { wall: Date.now(), thread: await threadSeconds() };
const stop = sendResults(learners, started.lesson, {
  send: (learner) => {
    if (drawn.has(learner.id)) sent++;
  },
  reply: ({ learner, check, sentAt: when, result, refused: no }) => {
    if (no || !result) refused++;
    else if (drawn.has(learner.id)) sentAt.set(`${learner.id}:${check}:${result.at}`, when);
  },
});
if (traceFile) {
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  await browser.stopTracing();
}
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000 - (traceFile ? 15_000 : 0)));
stop();
const wallSeconds = (Date.now() - busyFrom.wall) / 1000;
const thread = await threadSeconds();
const share = (name: keyof ThreadSeconds) => (thread[name] - busyFrom.thread[name]) / wallSeconds;
const busy = share('TaskDuration');
if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
// Let the last results arrive (a result is answered, then drawn).
const countShown = () => page.evaluate<number>('window.shown.length');
const deadline = Date.now() + 3 * EVERY_MS + 5000;
while ((sentAt.size < sent - refused || (await countShown()) < sentAt.size) && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 250));
load.end = loadavg();

const shown = await page.evaluate<Shown[]>('window.shown');
const latencies: number[] = [];
for (const cell of shown) {
  const key = `${idOfName.get(cell.learner)}:${cell.check}:${cell.at}`;
  const when = sentAt.get(key);
  if (when === undefined) continue;
  latencies.push(cell.when - when);
  sentAt.delete(key);
}
const sorted = latencies.sort((a, b) => a - b);
const report = {
  learners: LEARNERS,
  viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
  rowsDrawn: drawn.size,
  seconds: SECONDS,
  cpuSlowdown: CPU_SLOWDOWN,
  sent,
  refused,
  shown: latencies.length,
  notShown: sentAt.size,
  p50Ms: Math.round(percentile(sorted, 50)),
  p95Ms: Math.round(percentile(sorted, 95)),
  maxMs: Math.round(sorted[sorted.length - 1]),
  mainThreadBusy: `${(busy * 100).toFixed(1)} %`,
  ofWhichScript: `${(share('ScriptDuration') * 100).toFixed(1)} %`,
  ofWhichStyle: `${(share('RecalcStyleDuration') * 100).toFixed(1)} %`,
  ofWhichLayout: `${(share('LayoutDuration') * 100).toFixed(1)} %`,
  loadStart: load.start,
  loadEnd: load.end,
};
console.log(JSON.stringify(report, null, 2));
for (const { socket } of learners) socket.close();
await browser.close();
started.server.kill('SIGKILL');
process.exitCode = report.shown === report.sent && report.refused === 0 && report.p95Ms <= 1000 && busy < 0.5 ? 0 : 1;
