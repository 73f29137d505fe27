/**
 * `<halo-snippet>` (issue 32) measured for `npm run bench:browser`: what embed.js weighs; navigation of a
 * stranger's page (another site than the build) → Run pressed → first response shown, cold (fresh context) and
 * warm (the same page again); and the browser's PSS with one and with five snippets run, beside the full
 * playground with its first lesson's program run. `HALO_BENCH_ONLY=embed` runs this section alone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { withSection } from './bench-learner.ts';
import { browserPid, treePss } from './process-memory.ts';
import { embedPage, servePage } from './embed-page.ts';
import { writeEmbedKit } from '../../runtime/build/embed-kit.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { buildVitePressSite } from './harness/vitepress-site.ts';
import { VITEPRESS_PAGE } from './embed-vitepress-page.ts';
import { FIRST } from './harness/wait.ts';
import { send, waitForProgram } from './share-page.ts';

const VISITS = 3;
/** The snippets of the five-snippet page, in page order. */
const SNIPPETS = ['hello', 'greet', 'count', 'reset', 'ping'];

/** The section's figures. */
interface EmbedFigures {
  embedGzip: number;
  /** Milliseconds from pressing Run to the response shown: fresh contexts, then the page visited again. */
  cold: number[];
  warm: number[];
  /** Bytes the build's host sent after Run until the first response (fresh contexts). */
  coldBytes: number[];
  /** Browser tree PSS, MB: an empty page, one snippet run, five run, the playground with lesson 1 run. */
  pss: { empty: number; one: number; five: number; playground: number };
  load: number;
  /** The snippet kit (writeEmbedKit) of the build: its bytes, and PGlite's among them. */
  kit: { bytes: number; pgliteBytes: number };
  /** Run → response in a VitePress page (halo/markdown-it, the kit on another site): fresh contexts, then the page again. */
  vitepress: { cold: number[]; warm: number[] };
}

/** Presses snippet `id`'s Run and resolves with the milliseconds until its response is shown (the page's clock). */
async function runAndTime(page: Page, id: string): Promise<number> {
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined, undefined, FIRST);
  const started = await page.evaluate(() => performance.now());
  await page.locator(`halo-snippet#${id} .bar button.run`).click();
  const handle = await page.waitForFunction(
    (name) => /: \d{3} in/.test(document.getElementById(name)?.shadowRoot?.querySelector('.state')?.textContent ?? '') && performance.now(),
    id,
    FIRST,
  );
  return ((await handle.jsonValue()) as number) - started;
}

/**
 * The kit written from the build at `site`, served on its own, and the e2e test's VitePress page built against it
 * (another site): its size, and cold and warm Run → response of the page's first snippet.
 */
async function vitepressFigures(browser: Browser, site: string): Promise<Pick<EmbedFigures, 'kit' | 'vitepress'>> {
  const kitDir = mkdtempSync(join(tmpdir(), 'halo-bench-kit-'));
  const { bytes, pgliteBytes } = writeEmbedKit({ siteDir: site, outDir: kitDir });
  const kitServer = await serveStatic(kitDir);
  const docs = buildVitePressSite(kitServer.url, { 'index.md': VITEPRESS_PAGE }, '');
  const docsServer = await serveStatic(docs, '/');
  try {
    const times = await timings(browser, kitServer, `${docsServer.url.replace('127.0.0.1', 'localhost')}index.html`);
    return { kit: { bytes, pgliteBytes }, vitepress: { cold: times.cold, warm: times.warm } };
  } finally {
    await docsServer.close();
    await kitServer.close();
    rmSync(kitDir, { recursive: true, force: true });
    rmSync(resolve(docs, '../../..'), { recursive: true, force: true });
  }
}

/** Cold and warm Run → response, and what the build's host sent for a cold one. */
async function timings(browser: Browser, build: StaticServer, pageUrl: string): Promise<Pick<EmbedFigures, 'cold' | 'warm' | 'coldBytes'>> {
  const out = { cold: [] as number[], warm: [] as number[], coldBytes: [] as number[] };
  for (let visit = 0; visit < VISITS; visit++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(pageUrl, { waitUntil: 'load' });
    const sentBefore = build.bytesSent();
    out.cold.push(await runAndTime(page, 'hello'));
    out.coldBytes.push(build.bytesSent() - sentBefore);
    await page.goto(pageUrl, { waitUntil: 'load' });
    out.warm.push(await runAndTime(page, 'hello'));
    await context.close();
  }
  return out;
}

/** The browser tree's PSS after `work` in a fresh context (closed after). */
async function pssAfter(browser: Browser, work: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await work(page);
  const pss = treePss(browserPid());
  await context.close();
  return pss;
}

/** Measures the snippets: `site` is the build's folder, `build` its server. */
export async function embedFigures(browser: Browser, build: StaticServer, site: string): Promise<EmbedFigures> {
  const host = await servePage(() => embedPage(build.url));
  try {
    const load = loadavg()[0];
    const embedGzip = gzipSync(readFileSync(join(site, 'embed.js')), { level: constants.Z_BEST_COMPRESSION }).byteLength;
    const times = await timings(browser, build, host.url);
    const runAll = (ids: string[]) => async (page: Page) => {
      await page.goto(host.url, { waitUntil: 'load' });
      for (const id of ids) await runAndTime(page, id);
    };
    const empty = await pssAfter(browser, (page) => page.goto('about:blank').then(() => undefined));
    const one = await pssAfter(browser, runAll(SNIPPETS.slice(0, 1)));
    const five = await pssAfter(browser, runAll(SNIPPETS));
    console.log(`[bench-embed] cold ${times.cold.join(', ')} ms, warm ${times.warm.join(', ')} ms; PSS ${empty} → ${one} / ${five} MB`);
    // On a starved machine the playground's Send may time out: the snippets' figures still stand, this one is then NaN.
    const playground = await pssAfter(browser, async (page) => {
      await page.goto(`${build.url}index.html?lesson=01-getting-started`);
      await waitForProgram(page, '', FIRST.timeout);
      await send(page);
    }).catch((error: unknown) => (console.log(`[bench-embed] playground PSS not measured: ${String(error)}`), NaN));
    return { embedGzip, ...times, pss: { empty, one, five, playground }, load, ...(await vitepressFigures(browser, site)) };
  } finally {
    await host.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const verdict = (value: number, max: number) => (value <= max ? 'MET' : '**MISSED**');

/** Targets (a quiet machine): embed.js gzip, Run → response cold and warm, PSS over the empty page. */
const TARGETS = { embedKB: 30, coldMs: 3000, warmMs: 1000, oneMB: 250, fiveMB: 400, kitMB: 8 };

/** The report's section for `figures`. */
export function embedSection(figures: EmbedFigures): string {
  const { pss } = figures;
  const over = (value: number) => value - pss.empty;
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  return [
    `${SECTION_HEADING} (issue 32)`,
    '',
    `A page on another site than the build (localhost against 127.0.0.1) with five \`<halo-snippet>\` elements (test/e2e/embed-page.ts);`,
    `fresh context per cold visit, medians of ${VISITS} (each in brackets). 1-minute load at the start: ${figures.load.toFixed(1)} on ${availableParallelism()} cores.`,
    '',
    '| measure | measured | target (quiet machine) | verdict |',
    '|---|---|---|---|',
    `| embed.js, gzip level 9 (all the page loads before a Run) | ${(figures.embedGzip / 1024).toFixed(1)} KB | ≤ ${TARGETS.embedKB} KB | ${verdict(figures.embedGzip / 1024, TARGETS.embedKB)} |`,
    `| cold: Run pressed → first response shown (frame, compiler and a server worker from nothing) | ${median(figures.cold).toFixed(0)} ms (${list(figures.cold)}) | ≤ ${TARGETS.coldMs} ms | ${verdict(median(figures.cold), TARGETS.coldMs)} |`,
    `| … bytes the build's host sent for it | ${(median(figures.coldBytes) / 2 ** 20).toFixed(2)} MB (${figures.coldBytes.map((b) => (b / 2 ** 20).toFixed(2)).join(', ')}) | — | |`,
    `| warm: the page again → Run → response shown (the program compiled before, kept by the frame or the page) | ${median(figures.warm).toFixed(0)} ms (${list(figures.warm)}) | ≤ ${TARGETS.warmMs} ms | ${verdict(median(figures.warm), TARGETS.warmMs)} |`,
    `| browser tree PSS, one snippet run, over an empty page | ${over(pss.one).toFixed(0)} MB (${pss.empty.toFixed(0)} → ${pss.one.toFixed(0)}) | ≤ ${TARGETS.oneMB} MB | ${verdict(over(pss.one), TARGETS.oneMB)} |`,
    `| browser tree PSS, five snippets run, over an empty page | ${over(pss.five).toFixed(0)} MB (→ ${pss.five.toFixed(0)}) | ≤ ${TARGETS.fiveMB} MB | ${verdict(over(pss.five), TARGETS.fiveMB)} |`,
    `| beside it: the full playground, lesson 1 run and sent, over an empty page | ${Number.isNaN(pss.playground) ? 'not measured (its Send timed out)' : `${over(pss.playground).toFixed(0)} MB (→ ${pss.playground.toFixed(0)})`} | — | |`,
    ...kitRows(figures),
    '',
    'Shared by all of a page’s snippets: one hidden frame, one compiler (esbuild-wasm, started at the first compile the caches cannot answer), one',
    'sandbox frame and a pool that boots the next server worker; each snippet that ran holds one server worker of its own',
    '(its program’s state), so the five-snippet row minus the one-snippet row is four programs. The playground figure has',
    'Monaco, React and the page; the snippets have none of them.',
    '',
  ].join('\n');
}

/** The rows of the kit and of the VitePress page (issue 49). */
function kitRows({ kit, vitepress }: EmbedFigures): string[] {
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const withoutPglite = (kit.bytes - kit.pgliteBytes) / 1e6;
  return [
    `| the snippet kit (\`halo embed\`: writeEmbedKit), without PGlite (${(kit.bytes / 1e6).toFixed(1)} MB with it) | ${withoutPglite.toFixed(1)} MB | ≤ ${TARGETS.kitMB} MB | ${verdict(withoutPglite, TARGETS.kitMB)} |`,
    `| VitePress page (halo/markdown-it, the kit on another site), cold: Run → first response | ${median(vitepress.cold).toFixed(0)} ms (${list(vitepress.cold)}) | ≤ ${TARGETS.coldMs} ms | ${verdict(median(vitepress.cold), TARGETS.coldMs)} |`,
    `| VitePress page, warm: the page again → Run → response | ${median(vitepress.warm).toFixed(0)} ms (${list(vitepress.warm)}) | ≤ ${TARGETS.warmMs} ms | ${verdict(median(vitepress.warm), TARGETS.warmMs)} |`,
  ];
}

const SECTION_HEADING = '## Snippets in a stranger’s page';

/** `report` with its snippet section replaced by `section` (appended when it has none). */
export function withEmbedSection(report: string, section: string): string {
  return withSection(report, SECTION_HEADING, section);
}
