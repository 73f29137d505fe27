/**
 * `npm run bench:browser`: the playground engine measured in Chromium on the production build.
 * Cold load (empty cache) and warm reload to the first response of the example program, edit→response
 * latency over 30 edits, and the request round trip (page fetch → msw → server worker → page) over 300
 * requests next to a direct in-page `app.fetch` call as the floor. Writes test/bench/BROWSER.md.
 * Not a test: figures are reported against the targets, misses included.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './harness/browser.ts';
import { buildSite } from './harness/build-site.ts';
import { ensureChromium } from './harness/chromium.ts';
import { REPO_ROOT, distDir } from './harness/paths.ts';
import { serveStatic } from './harness/static-server.ts';
import type { StaticServer } from './harness/static-server.ts';

const LOAD_RUNS = 5;
const EDITS = 30;
const REQUESTS = 300;
const example = readFileSync(`${REPO_ROOT}/lessons/getting-started/app.ts`, 'utf8');

/**
 * Milliseconds since navigation start at which the page had the example's first response in hand, doing
 * what the playground does on load (compile, run, request: `run` waits for the service worker itself),
 * and when `engine.ready` (esbuild started and warmed up, service worker in control) resolved.
 */
function firstResponse(page: Page, source: string): Promise<{ total: number; ready: number }> {
  return page.evaluate(async (code) => {
    const { engine } = window.__halo;
    let ready = 0;
    const readyAt = engine.ready.then(() => (ready = performance.now()));
    const result = await engine.compile({ 'main.ts': code });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    await engine.run(result.bundle);
    const response = await fetch('http://localhost:3000/');
    if ((await response.text()) !== 'Hello, world!') throw new Error('unexpected first response');
    const total = performance.now();
    await readyAt;
    return { total, ready };
  }, source);
}

interface LoadFigures {
  cold: number[];
  coldReady: number[];
  warm: number[];
  warmReady: number[];
  warmChanged: number[];
}

async function coldAndWarm(browser: Browser, server: StaticServer): Promise<LoadFigures> {
  const out: LoadFigures = { cold: [], coldReady: [], warm: [], warmReady: [], warmChanged: [] };
  for (let run = 0; run < LOAD_RUNS; run++) {
    // A new context has an empty HTTP cache, no service worker and no compile cache: a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}web/harness.html`);
    const cold = await firstResponse(page, example);
    out.cold.push(cold.total);
    out.coldReady.push(cold.ready);
    await page.reload();
    const warm = await firstResponse(page, example);
    out.warm.push(warm.total);
    out.warmReady.push(warm.ready);
    // The same reload, but the code changed since the last visit: the compile cache cannot help.
    await page.reload();
    out.warmChanged.push((await firstResponse(page, example.replace("console.log('Listening", `console.log('Run ${run}, listening`))).total);
    await context.close();
  }
  return out;
}

async function editsAndRoundTrips(browser: Browser, server: StaticServer): Promise<{ edits: number[]; compile: number[]; run: number[]; request: number[]; roundTrip: number[]; floor: number[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}web/harness.html`);
  await firstResponse(page, example);
  const edits = await page.evaluate(
    async ([code, count]) => {
      const { engine } = window.__halo;
      const latencies: number[] = [];
      const compiles: number[] = [];
      const runs: number[] = [];
      const requests: number[] = [];
      for (let i = 0; i < count; i++) {
        const greeting = `Hello, edit ${i}!`;
        const started = performance.now();
        const result = await engine.compile({ 'main.ts': code.replace('Hello, world!', greeting) });
        if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
        compiles.push(result.durationMs);
        const compiled = performance.now();
        await engine.run(result.bundle);
        const ran = performance.now();
        runs.push(ran - compiled);
        const body = await (await fetch('http://localhost:3000/')).text();
        requests.push(performance.now() - ran);
        if (body !== greeting) throw new Error(`edit ${i}: got ${body}`);
        latencies.push(performance.now() - started);
      }
      return { latencies, compiles, runs, requests };
    },
    [example, EDITS] as const,
  );
  // No named helpers inside page.evaluate: tsx would wrap them in a `__name` call the page lacks.
  const timeRequests = (direct: boolean): Promise<number[]> =>
    page.evaluate(
      async ([count, inPage]) => {
        let app: InstanceType<Awaited<ReturnType<typeof window.__halo.loadFramework>>['App']> | null = null;
        if (inPage) {
          const { App } = await window.__halo.loadFramework();
          app = new App();
          app.get('/', (_req, res) => res.write('Hello, world!'));
          app.freeze();
        }
        const out: number[] = [];
        for (let i = -20; i < count; i++) {
          const started = performance.now();
          await (await (app ? app.fetch(new Request('http://localhost:3000/')) : fetch('http://localhost:3000/'))).text();
          if (i >= 0) out.push(performance.now() - started);
        }
        return out;
      },
      [REQUESTS, direct] as const,
    );
  const trips = { roundTrip: await timeRequests(false), floor: await timeRequests(true) };
  await context.close();
  return { edits: edits.latencies, compile: edits.compiles, run: edits.runs, request: edits.requests, ...trips };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function ms(value: number): string {
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

function row(name: string, values: number[], target: { p: 50 | 95 | 'median'; max: number } | null): string {
  const p50 = percentile(values, 50);
  const p95 = percentile(values, 95);
  const measured = target?.p === 95 ? p95 : p50;
  const verdict = target ? (measured <= target.max ? `met (≤ ${target.max} ms)` : `**missed** (target ≤ ${target.max} ms)`) : '—';
  return `| ${name} | ${values.length} | ${ms(p50)} | ${ms(p95)} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} | ${verdict} |`;
}

async function main(): Promise<void> {
  const chromium = ensureChromium();
  let site = distDir();
  if (process.env.HALO_BENCH_SKIP_BUILD !== '1') {
    mkdirSync(`${REPO_ROOT}/test/.artifacts`, { recursive: true });
    site = mkdtempSync(`${REPO_ROOT}/test/.artifacts/bench-dist-`);
    buildSite(site);
  }
  const server = await serveStatic(site);
  const browser = await launchChromium();
  const load = loadavg()[0];
  try {
    const loads = await coldAndWarm(browser, server);
    const hot = await editsAndRoundTrips(browser, server);
    const report = [
      '# Playground engine in the browser',
      '',
      `Written by \`npm run bench:browser\` (test/e2e/bench-browser.ts) on ${new Date().toISOString()}: ${browser.version()} (${chromium}),`,
      `headless, production build served from 127.0.0.1 under a sub-path; ${availableParallelism()} cores, load average ${load.toFixed(1)} at the start`,
      '(the machine is shared, so absolute figures move with its load). All times in milliseconds.',
      '',
      '| measure | n | p50 | p95 | min | max | target (on p50) |',
      '|---|---|---|---|---|---|---|',
      row('cold load → first response (empty cache, first visit)', loads.cold, { p: 50, max: 3000 }),
      row('engine ready (esbuild started and warmed up, service worker in control)', loads.coldReady, null),
      row('warm reload → first response', loads.warm, { p: 50, max: 1000 }),
      row('engine ready after a warm reload', loads.warmReady, null),
      row('warm reload → first response, code changed (compile cache miss)', loads.warmChanged, null),
      row(`edit → response (${EDITS} edits: compile, run, request)`, hot.edits, { p: 50, max: 60 }),
      row('… of which compile (esbuild in its worker)', hot.compile, null),
      row('… of which run (a fresh server worker takes the bundle)', hot.run, null),
      row('… of which the first request to the new program', hot.request, null),
      row(`round trip: page fetch → msw → server worker → page (${REQUESTS})`, hot.roundTrip, { p: 50, max: 5 }),
      row(`floor: in-page \`app.fetch\` (${REQUESTS})`, hot.floor, null),
      '',
      'First response = navigation start → compile and run the example program (not waiting for `engine.ready`) →',
      '`fetch(\'http://localhost:3000/\')` has its body, measured with the page\'s own clock.',
      'Compiled bundles are cached (Cache API, keyed by the sources, esbuild\'s version and the `halo` exports), so a warm',
      'reload of unchanged code skips esbuild; the cache-miss row shows a reload after the code changed.',
      '`engine ready` includes esbuild\'s start-up and one warm-up build (the first build of a fresh esbuild is far slower than the next).',
      'Edit → response = change the greeting string, compile, run the new bundle (fresh state), request, see the new body.',
      '',
    ].join('\n');
    writeFileSync(`${REPO_ROOT}/test/bench/BROWSER.md`, report);
    console.log(report);
  } finally {
    await browser.close();
    await server.close();
    if (site !== distDir()) rmSync(site, { recursive: true, force: true });
  }
}

await main();
