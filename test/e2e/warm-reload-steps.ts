/**
 * The steps of a warm reload, as the learner bench times it (a first visit to lesson 1 in a fresh context, a reload as
 * soon as Monaco shows, the page pressing Send once its program runs), by the page's clock from the reload's start:
 * the page's scripts fetched through the service worker, DOMContentLoaded, the first render, the sandbox frame's
 * document, the server workers it makes and their first message, the program handed over ("Starting the program…"),
 * running, and the response shown. `HALO_DIST_DIR=… npx tsx test/e2e/warm-reload-steps.ts` on a built site (about a
 * minute); `HALO_PROFILE_WAIT_MS` waits between the visit and the reload, `HALO_PROFILE_RUNS` repeats it. Not a test:
 * a profile, for explaining the bench's figures (warm-reload-profile.ts says which threads were busy meanwhile).
 */
import { loadavg } from 'node:os';
import { launchChromium } from './harness/browser.ts';
import { ensureChromium } from './harness/chromium.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import { firstResponseShown, lessonUrl, pressSendOnceRunningIn, visitUntilEditor } from './learner-phases.ts';

const WAIT_MS = Number(process.env.HALO_PROFILE_WAIT_MS ?? 0);
const RUNS = Number(process.env.HALO_PROFILE_RUNS ?? 1);

/** One step a document noted: when (`Date.now()`-like, from its time origin), and what. */
type Step = [number, string];

/**
 * In every document of the page (the page and its sandbox frame): notes the steps above. A string for `addInitScript`,
 * not a function: tsx's helpers around named functions do not exist in the page.
 */
const NOTE_STEPS = `(() => {
  const steps = (window.haloSteps = []);
  const note = (what) => steps.push([performance.timeOrigin + performance.now(), what]);
  document.addEventListener('DOMContentLoaded', () => note('DOMContentLoaded'));
  const Made = window.Worker;
  let made = 0;
  window.Worker = function (url, options) {
    const id = ++made;
    note('worker ' + id + ' made (' + (options && options.name || 'unnamed') + ')');
    const worker = new Made(url, options);
    worker.addEventListener('message', () => note('worker ' + id + ' first message'), { once: true });
    return worker;
  };
  let status = '';
  let scripts = 0;
  new MutationObserver(() => {
    const line = document.querySelector('[data-testid=compile-status]');
    const now = (line ? (line.textContent || '') : '') + (line && line.getAttribute('data-bundle') ? ' (running)' : '');
    if (now !== status) note((status = now) === '' ? 'no status line' : 'status: ' + now);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!/\\/assets\\/.*\\.js$/.test(entry.name)) continue;
      scripts += 1;
      steps.push([performance.timeOrigin + entry.responseEnd, 'script ' + scripts + ' fetched: ' + entry.name.replace(/^.*\\//, '')]);
    }
  }).observe({ type: 'resource', buffered: true });
})();`;

ensureChromium();
const server = await serveStatic(distDir());
const browser = await launchChromium();
const url = lessonUrl(server, '01-getting-started');
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await pressSendOnceRunningIn(context);
    await context.addInitScript({ content: NOTE_STEPS });
    const page = await context.newPage();
    await visitUntilEditor(page, url, WAIT_MS);
    const load = loadavg()[0];
    await page.goto(url);
    const shown = await firstResponseShown(page);
    const origin = await page.evaluate(() => performance.timeOrigin);
    const steps: Step[] = [];
    for (const frame of page.frames()) {
      const where = frame === page.mainFrame() ? 'page' : 'sandbox frame';
      const noted = await frame.evaluate(() => (window as unknown as { haloSteps?: Step[] }).haloSteps ?? []).catch(() => []);
      steps.push(...noted.map(([at, what]): Step => [at - origin, `${where}: ${what}`]));
    }
    steps.push([shown, 'page: response shown']);
    steps.sort((a, b) => a[0] - b[0]);
    // Scripts: of those fetched before DOMContentLoaded only the last (when the batch was in), then each one fetched after.
    const ready = steps.find(([, what]) => what === 'page: DOMContentLoaded')?.[0] ?? Infinity;
    const beforeReady = steps.filter(([at, what]) => what.startsWith('page: script') && at < ready);
    const shownSteps = steps.filter(([at, what]) => !what.startsWith('page: script') || at >= ready || what === beforeReady.at(-1)?.[1]);
    console.log(`\n## Warm reload ${run + 1}: response shown at ${shown.toFixed(0)} ms (load ${load.toFixed(2)}, waited ${WAIT_MS} ms)\n`);
    console.log(`${beforeReady.length} scripts fetched before DOMContentLoaded.\n\n| ms | step |\n|--:|---|`);
    for (const [at, what] of shownSteps) if (at <= shown) console.log(`| ${at.toFixed(0)} | ${what} |`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
