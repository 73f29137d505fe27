/**
 * What a learner sees (issue 23), measured in the real page for `npm run bench:browser`: navigation → first
 * response shown in the panel (Send pressed as soon as the program runs), editor shown, edit → new response
 * shown, lesson 19's first PgService response; cold and warm; unthrottled and with the page's CPU 4× slower;
 * and the browser's PSS after five lessons against an empty page.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from './harness/paths.ts';
import type { StaticServer } from './harness/static-server.ts';
import { FIRST } from './harness/wait.ts';
import { browserPid, processMemory, treePss, type ProcessMemory } from './process-memory.ts';
import { replaceCode, send, waitForProgram } from './share-page.ts';

/** The page's CPU slowdowns measured (1: none). */
const PROFILES = [1, 4] as const;
const VISITS = 3;
const EDITS = 5;
const PSS_LESSONS = ['01-getting-started', '02-routes-and-methods', '03-reading-requests', '04-bodies', '05-errors'];
const SOLUTION_19 = readFileSync(`${REPO_ROOT}/lessons/19-persisting-data/solution.ts`, 'utf8');
const STARTER_1 = readFileSync(`${REPO_ROOT}/lessons/01-getting-started/starter.ts`, 'utf8');

/** Figures of one CPU profile, in milliseconds. */
interface ProfileFigures {
  slowdown: number;
  cold: number[];
  editor: number[];
  warm: number[];
  edits: number[];
  pg: number[];
  /** The 1-minute load average when the profile began. */
  load: number;
}

/** What the learner sees, for every profile, and the browser's memory. */
interface LearnerFigures {
  profiles: ProfileFigures[];
  /** PSS of the browser's process tree, MB: with one empty page, and after five lessons in the playground. */
  pss: { empty: number; lessons: number; byProcess: ProcessMemory[] };
  /** Which of the page's threads and workers the CPU throttle reached, as CDP reported it. */
  throttleReached: string;
}

/** Milliseconds since navigation start once `selector` is in the page (polled each frame, by the page's clock). */
async function shownAt(page: Page, selector: string, text?: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([css, wanted]) => {
      const el = document.querySelector(css);
      return !!el && (!wanted || (el.textContent ?? '').includes(wanted)) && performance.now();
    },
    [selector, text ?? ''] as const,
    FIRST,
  );
  return (await handle.jsonValue()) as number;
}

/** Opens `path` in `page` with the page's CPU `slowdown` times slower; resolves once navigation started. */
async function open(page: Page, url: string, slowdown: number): Promise<void> {
  if (slowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  await page.goto(url);
}

/** Presses Send as soon as the program runs and returns when (since navigation start) its response was shown. */
async function firstResponseShown(page: Page): Promise<number> {
  await waitForProgram(page, '', FIRST.timeout);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  return shownAt(page, '[data-testid=response-status]');
}

/** Edits lesson 1's greeting `count` times; each: paste → the new program runs → Send → the new body shown, in ms. */
async function editsShown(page: Page, count: number): Promise<number[]> {
  const out: number[] = [];
  let bundle = await waitForProgram(page);
  for (let i = 0; i < count; i++) {
    const greeting = `Hello, edit ${i}!`;
    const code = STARTER_1.replace(/\/\/ TODO:.*\n/, `res.write('${greeting}');\n`);
    const started = await page.evaluate(() => performance.now());
    await replaceCode(page, code);
    bundle = await waitForProgram(page, bundle);
    const { body } = await send(page);
    if (!body.includes(greeting)) throw new Error(`edit ${i}: the panel shows ${body}`);
    out.push((await page.evaluate(() => performance.now())) - started);
  }
  return out;
}

/** Lesson 19 in a fresh context: the solution pasted → its program runs → Send → the response shown, in ms. */
async function firstPgResponse(browser: Browser, server: StaticServer, slowdown: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, `${server.url}index.html?lesson=19-persisting-data`, slowdown);
    const bundle = await waitForProgram(page, '', FIRST.timeout);
    await shownAt(page, '.monaco-editor .view-lines');
    const started = await page.evaluate(() => performance.now());
    await replaceCode(page, SOLUTION_19);
    await waitForProgram(page, bundle, FIRST.timeout);
    const { status } = await send(page);
    if (!status.startsWith('2')) throw new Error(`lesson 19 answered ${status}`);
    return (await page.evaluate(() => performance.now())) - started;
  } finally {
    await context.close();
  }
}

async function profile(browser: Browser, server: StaticServer, slowdown: number): Promise<ProfileFigures> {
  const out: ProfileFigures = { slowdown, cold: [], editor: [], warm: [], edits: [], pg: [], load: loadavg()[0] };
  for (let visit = 0; visit < VISITS; visit++) {
    // A new context: empty HTTP cache, no service worker, no compile cache — a newcomer's first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, `${server.url}index.html?lesson=01-getting-started`, slowdown);
    out.cold.push(await firstResponseShown(page));
    out.editor.push(await shownAt(page, '.monaco-editor .view-lines'));
    if (visit === 0) out.edits.push(...(await editsShown(page, EDITS)));
    await page.goto(`${server.url}index.html?lesson=01-getting-started`);
    out.warm.push(await firstResponseShown(page));
    await context.close();
  }
  out.pg.push(await firstPgResponse(browser, server, slowdown));
  return out;
}

/** The browser's PSS with one empty page, then after five lessons opened one after the other in one playground tab. */
async function memory(browser: Browser, server: StaticServer): Promise<LearnerFigures['pss']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('about:blank');
  const pid = browserPid();
  const empty = treePss(pid);
  let bundle = '';
  for (const lesson of PSS_LESSONS) {
    await page.goto(`${server.url}index.html?lesson=${lesson}`);
    bundle = await waitForProgram(page, bundle, FIRST.timeout);
    await shownAt(page, '.monaco-editor .view-lines');
    await send(page);
  }
  const lessons = treePss(pid);
  const byProcess = processMemory(pid);
  await context.close();
  return { empty, lessons, byProcess };
}

/** Which targets a CPU throttle set through a page's CDP session reaches: the page's renderer main thread only. */
async function throttleReach(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Workers have their own targets, which a page session's Emulation domain does not cover.
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string }[] };
  await context.close();
  const kinds = [...new Set(targetInfos.map((t) => t.type))].join(', ');
  return `the page's main thread only (Emulation.setCPUThrottlingRate on the page's session; targets seen: ${kinds}); the compiler, TypeScript, server and PGlite workers run at full speed`;
}

/** Measures every figure of the learner's view. */
export async function learnerFigures(browser: Browser, server: StaticServer): Promise<LearnerFigures> {
  const profiles: ProfileFigures[] = [];
  for (const slowdown of PROFILES) profiles.push(await profile(browser, server, slowdown));
  return { profiles, pss: await memory(browser, server), throttleReached: await throttleReach(browser) };
}

/** The timed rows of the learner's view. */
type Row = 'cold' | 'editor' | 'warm' | 'edits' | 'pg';

/** Today's figures before issue 23 (its table: Chromium 156, this machine, medians of 3), by row. */
const BEFORE: Record<Row, [string, string]> = {
  cold: ['4.62 s', '14.4 s'],
  editor: ['3.96 s', '9.4 s'],
  warm: ['3.19 s', '8.0 s'],
  edits: ['585 ms', '1.19 s'],
  pg: ['7.4 s (7–15 s mode)', '—'],
};

/** The issue's targets (a quiet machine), unthrottled and 4×, by row. */
const TARGETS: Record<Row, [number | null, number | null]> = {
  cold: [1000, 4000],
  editor: [null, null],
  warm: [600, null],
  edits: [500, null],
  pg: [3000, null],
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function cell(values: number[], target: number | null): string {
  const m = median(values);
  const shown = m >= 1000 ? `${(m / 1000).toFixed(2)} s` : `${m.toFixed(0)} ms`;
  const verdict = target === null ? '' : m <= target ? ' MET' : ' **MISSED**';
  return `${shown}${verdict} (${values.map((v) => v.toFixed(0)).join(', ')})`;
}

/** The report's section for `figures`. */
export function learnerSection(figures: LearnerFigures): string {
  const rows: [Row, string][] = [
    ['cold', 'cold: first response shown in the panel (Send pressed as soon as the program runs)'],
    ['editor', 'cold: editor shown'],
    ['warm', 'warm reload: first response shown in the panel'],
    ['edits', `edit → new response shown (${EDITS} edits: paste, compile, run, Send, shown)`],
    ['pg', 'lesson 19: solution pasted → first PgService response shown (fresh context)'],
  ];
  const [plain, slow] = figures.profiles;
  const overhead = figures.pss.lessons - figures.pss.empty;
  return [
    '## What the learner sees (issue 23)',
    '',
    `Real page, fresh context per visit, medians (each run in brackets, ms). Load at the start of each profile: ${figures.profiles.map((p) => `${p.slowdown}×: ${p.load.toFixed(1)}`).join(', ')} (on ${availableParallelism()} cores).`,
    `CPU throttle reached ${figures.throttleReached}.`,
    '',
    '| measure | before, no throttling | now, no throttling | before, page CPU 4× | now, page CPU 4× | targets (quiet machine) |',
    '|---|---|---|---|---|---|',
    ...rows.map(([key, name]) => {
      const [t1, t4] = TARGETS[key];
      const targets = [t1 !== null ? `≤ ${t1} ms` : '', t4 !== null ? `4×: ≤ ${t4} ms` : ''].filter(Boolean).join('; ') || '—';
      return `| ${name} | ${BEFORE[key][0]} | ${cell(plain[key], t1)} | ${BEFORE[key][1]} | ${cell(slow[key], t4)} | ${targets} |`;
    }),
    `| browser tree PSS: five lessons over an empty page | 828 MB (whole tree) | ${overhead.toFixed(0)} MB over the empty page (${figures.pss.empty.toFixed(0)} → ${figures.pss.lessons.toFixed(0)} MB)${overhead <= 500 ? ' MET' : ' **MISSED**'} | | | ≤ 500 MB |`,
    '',
    'The same browser after the five lessons, by process (a renderer is told apart by the worker threads it hosts):',
    '',
    '| process | dedicated workers | service worker | PSS |',
    '|---|---|---|---|',
    ...figures.pss.byProcess.map((p) => `| ${p.kind} | ${p.workers} | ${p.serviceWorker ? 'yes' : ''} | ${p.pssMb.toFixed(0)} MB |`),
    '',
  ].join('\n');
}

const SECTION_HEADING = '## What the learner sees';

/** `report` with its learner section replaced by `section` (appended when it has none). */
export function withLearnerSection(report: string, section: string): string {
  return withSection(report, SECTION_HEADING, section);
}

/** `report` with the section under `heading` (to the next `## `) replaced by `section`, or `section` appended. */
export function withSection(report: string, heading: string, section: string): string {
  const start = report.indexOf(heading);
  if (start < 0) return `${report.trimEnd()}\n\n${section}`;
  const next = report.indexOf('\n## ', start + heading.length);
  return `${report.slice(0, start)}${section}${next < 0 ? '' : report.slice(next + 1)}`;
}
