/**
 * What a learner sees (issue 35), measured in the real page for `npm run bench:browser` (learner-phases.ts):
 * navigation → first response shown in the panel (Send pressed as soon as the program runs), cold in a fresh
 * context and with the CPU 4× slower on the page and every frame CDP reaches; warm reload; keystroke → response
 * shown; lesson 19's first PgService response; the browser's PSS after five lessons over an empty page, by
 * process and part. Each row against the issue's goal, with the load when its phase began.
 */
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { throttleSummary } from './cpu-throttle.ts';
import type { StaticServer } from './harness/static-server.ts';
import {
  EDITS,
  QUIET_LOAD,
  SETTLE_MAX_MS,
  SLOWDOWN,
  VISITS,
  coldAndWarm,
  edits,
  firstPgResponse,
  memory,
  slowCold,
  type MemoryFigures,
  type Phase,
  type PgNotes,
} from './learner-phases.ts';

/** What the learner sees, and the browser's memory. */
interface LearnerFigures {
  cold: Phase;
  editor: Phase;
  warm: Phase;
  edits: Phase;
  pg: Phase;
  pgNotes: PgNotes;
  slowCold: Phase;
  /** Which targets the CPU throttle reached, and which refused it, as CDP answered. */
  throttleReached: string;
  pss: MemoryFigures;
  /** How long the whole section took to measure. */
  wallSeconds: number;
}

/** `measure()`, with a line on the console once it ended (the section is printed only at the end). */
async function phase<T>(name: string, measure: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const out = await measure();
  console.log(`learner bench: ${name} measured in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return out;
}

/** Measures every figure of the learner's view. */
export async function learnerFigures(browser: Browser, server: StaticServer): Promise<LearnerFigures> {
  const started = Date.now();
  const plain = await phase('cold and warm visits', () => coldAndWarm(browser, server));
  const typed = await phase('keystrokes', () => edits(browser, server));
  const { pg, notes: pgNotes } = await phase('lesson 19', () => firstPgResponse(browser, server));
  const slow = await phase(`cold visits at CPU ${SLOWDOWN}×`, () => slowCold(browser, server));
  const pss = await phase('memory', () => memory(browser, server));
  const throttleReached = throttleSummary(slow.reached);
  return { ...plain, edits: typed, pg, pgNotes, slowCold: slow.cold, throttleReached, pss, wallSeconds: (Date.now() - started) / 1000 };
}

/** The nearest-rank percentile `p` of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function duration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}

function verdict(met: boolean): string {
  return met ? 'MET' : '**MISSED**';
}

/** One timed row: name | median (each visit) | p95 | goal | verdict | load; goals in ms, p95's only where asked. */
function timedRow(name: string, phase: Phase, goal: { p50?: number; p95?: number }): string {
  if (phase.values.length === 0)
    return `| ${name} | no answer | — | ${goal.p50 === undefined ? '—' : `≤ ${duration(goal.p50)}`} | **MISSED** | ${phase.load.toFixed(1)} |`;
  const p50 = percentile(phase.values, 50);
  const p95 = percentile(phase.values, 95);
  const each = phase.values.map((v) => v.toFixed(0)).join(', ');
  const goals = [goal.p50 !== undefined && `≤ ${duration(goal.p50)}`, goal.p95 !== undefined && `p95 ≤ ${duration(goal.p95)}`];
  const verdicts = [goal.p50 !== undefined && verdict(p50 <= goal.p50), goal.p95 !== undefined && `p95 ${verdict(p95 <= goal.p95)}`];
  const shown = (parts: (string | false)[]) => parts.filter(Boolean).join(', ') || '—';
  return `| ${name} | ${duration(p50)} (${each}) | ${goal.p95 !== undefined ? duration(p95) : '—'} | ${shown(goals)} | ${shown(verdicts)} | ${phase.load.toFixed(1)} |`;
}

/** How lesson 19's row was measured: the preload, and the Sends before the 2xx. */
function pgHow({ preloaded, failedSends }: PgNotes): string {
  const preload = preloaded
    ? 'database preload stored and the database opened ahead first'
    : 'the database preload was **not** stored, or the database not opened ahead, within 120 s';
  return failedSends.length === 0 ? preload : `${preload}; Send pressed again after each of: ${failedSends.join(', ')}`;
}

/** The report's section for `figures`. */
export function learnerSection(figures: LearnerFigures): string {
  const { pss } = figures;
  const overhead = pss.lessons - pss.empty;
  return [
    '## What the learner sees (issue 35)',
    '',
    `Real page (lesson 1 unless named), a fresh browser context per visit (no cache, no service worker: a newcomer), ${VISITS} visits per cold row; times by the page's clock, medians with each visit in brackets (ms). Goals are for a quiet machine (load < ${QUIET_LOAD}): each phase first waits up to ${SETTLE_MAX_MS / 1000} s for the 1-minute load to fall to ${QUIET_LOAD}, and its load at the start is shown (${availableParallelism()} cores). The whole section took ${figures.wallSeconds.toFixed(0)} s.`,
    '',
    '| measure | median (each visit) | p95 | goal | verdict | load at phase start |',
    '|---|---|---|---|---|---|',
    timedRow('cold, fresh context, no throttling: first response shown (the page presses Send as soon as the program runs)', figures.cold, {
      p50: 1000,
    }),
    timedRow('… of those visits: editor (Monaco) shown', figures.editor, {}),
    timedRow(`cold, CPU ${SLOWDOWN}× on the page and the sandbox frame: first response shown`, figures.slowCold, { p50: 2500 }),
    timedRow('warm reload → first response shown (no throttling)', figures.warm, { p50: 500 }),
    timedRow(`keystroke → response shown (${EDITS} keys, no throttling)`, figures.edits, { p50: 250, p95: 400 }),
    timedRow(`lesson 19: solution pasted → first PgService response shown (fresh context; ${pgHow(figures.pgNotes)})`, figures.pg, {
      p50: 2000,
    }),
    `| browser PSS, five lessons over an empty page, once steady (${pss.steadyAfterS.toFixed(0)} s after the fifth answer; ${(pss.atAnswer - pss.empty).toFixed(0)} MB at the answer) | ${overhead.toFixed(0)} MB (${pss.empty.toFixed(0)} → ${pss.lessons.toFixed(0)} MB) | — | ≤ 400 MB | ${verdict(overhead <= 400)} | ${pss.load.toFixed(1)} |`,
    '',
    `Keystroke → response shown: one letter typed into Monaco (once it has taken over from the code text area) inside a string the program answers; the edit compiles at once (no debounce), and as soon as its program runs the page itself clicks Send (there is no auto-send), so each time runs from the key's \`keydown\` to the frame showing the new body; the next key follows once it is shown.`,
    `CPU throttle (\`Emulation.setCPUThrottlingRate\` ${SLOWDOWN}×, set on each target as CDP attaches it, the page before it navigates, each frame and worker as it is created; workers through non-flat auto-attach, the service worker through target discovery) reached: ${figures.throttleReached}. What refused it (the workers: compiler, Monaco's, the server workers, the service worker) runs at full speed.`,
    '',
    'The same browser after the five lessons, by process (a renderer is told by the dedicated-worker and service-worker threads it hosts, matched against the workers CDP saw each frame start):',
    '',
    '| process | dedicated workers | service worker | PSS |',
    '|---|---|---|---|',
    ...pss.byProcess.map((p) => `| ${p.kind} | ${p.workers} | ${p.serviceWorker ? 'yes' : ''} | ${p.pssMb.toFixed(0)} MB |`),
    '',
    "By part: a process's PSS cannot be split between the threads that share it, so each part's row is what its V8 isolate holds (`Runtime.getHeapUsage`: JS heap, and array buffers and wasm memories outside it); the rest of a renderer's PSS (code, Blink, the allocator) is no one part's. PGlite runs inside a server worker and is not told apart from it; esbuild's wasm memory is the compiler worker's buffers.",
    '',
    '| part | renderer | JS heap | array buffers and wasm |',
    '|---|---|---|---|',
    ...pss.parts.map((p) => `| ${p.part} | ${p.renderer} | ${p.heapMb.toFixed(1)} MB | ${p.buffersMb.toFixed(1)} MB |`),
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
