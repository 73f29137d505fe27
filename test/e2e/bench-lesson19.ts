/**
 * `HALO_BENCH_ONLY=lesson19 npm run bench:browser` (issue 51): RUNS runs of lesson19-phases.ts, each in a fresh
 * context of the bench's browser, printed as the section "Lesson 19: one database at a time" of test/bench/BROWSER.md
 * (medians and the worst of the runs beside the cold baseline, whole and own), each figure against the goal,
 * with the load when each run began.
 */
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import type { StaticServer } from './harness/static-server.ts';
import { PGLITE_BYTES } from './cdp-targets.ts';
import { SLOWDOWN } from './learner-phases.ts';
import { lesson19Run, type Lesson19Run, type Memory } from './lesson19-phases.ts';

/** Runs of the phase: the "3 runs". */
const RUNS = 3;

/** Measures RUNS runs, one after the other, with a line on the console after each. */
export async function lesson19Figures(browser: Browser, server: StaticServer): Promise<Lesson19Run[]> {
  const runs: Lesson19Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const started = Date.now();
    runs.push(await lesson19Run(browser, server));
    console.log(`lesson 19 bench: run ${run} of ${RUNS} measured in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return runs;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const mb = (value: number): string => `${value.toFixed(0)} MB`;
const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(0)} MB`;
const seconds = (ms: number | null): string => (ms === null ? 'no 2xx' : `${(ms / 1000).toFixed(2)} s`);
const verdict = (met: boolean): string => (met ? 'MET' : '**MISSED**');

/** A memory row: the median and worst (largest) of `pick` over the runs, each also over the run's own cold baseline. */
function memoryRow(runs: Lesson19Run[], name: string, pick: (run: Lesson19Run) => Memory, goalOwnOverCold?: number): string {
  const whole = runs.map((run) => pick(run).whole);
  const own = runs.map((run) => pick(run).own);
  const over = runs.map((run) => pick(run).own - run.cold.own);
  const worst = Math.max(...over);
  const goal = goalOwnOverCold === undefined ? '—' : `own ≤ cold + ${goalOwnOverCold} MB`;
  const met = goalOwnOverCold === undefined ? '—' : verdict(worst <= goalOwnOverCold);
  return `| ${name} | ${mb(median(whole))} (worst ${mb(Math.max(...whole))}) | ${mb(median(own))} (worst ${mb(Math.max(...own))}) | ${signed(median(over))} (worst ${signed(worst)}) | ${goal} | ${met} |`;
}

/** A timed row: each run's time, the median and the worst, against `goalMs`. */
function timedRow(name: string, values: (number | null)[], goalMs: number, allRuns = false): string {
  const answered = values.filter((value): value is number => value !== null);
  const worst = answered.length === values.length ? Math.max(...answered) : null;
  const met = allRuns ? worst !== null && worst <= goalMs : answered.length > 0 && median(answered) <= goalMs;
  const each = values.map(seconds).join(', ');
  return `| ${name} | ${answered.length ? seconds(median(answered)) : '—'} (${each}) | ${seconds(worst)} | ≤ ${seconds(goalMs)}${allRuns ? ' in every run' : ''} | ${verdict(met)} |`;
}

/** The report's section for `runs`. */
export function lesson19Section(runs: Lesson19Run[]): string {
  const drift = runs.map((run) => run.lastSwitch.own - run.secondSwitch.own);
  const worstDrift = drift.reduce((worst, value) => (Math.abs(value) > Math.abs(worst) ? value : worst), 0);
  const pglite = Math.max(...runs.map((run) => run.pgliteMost));
  return [
    '## Lesson 19: one database at a time (issue 51)',
    '',
    `\`HALO_BENCH_ONLY=lesson19 npm run bench:browser\`: ${runs.length} runs, each in a fresh context of one Chromium: lesson 1 answered (the cold baseline, read at rest: until two readings 2 s apart differ by less than 3 MB own), a warm reload of it, lesson 19 read until its database was opened ahead, **Show solution → Use solution** → the new program's first answer (by the page's clock, from the click event to the frame showing the answer; the page presses Send itself once the status line names the new build), its checks round done (every check passed), lesson 2 for 5 s, then 20 switches between lesson 2 and lesson 19. Memory is the browser's whole process tree after a forced GC of every part CDP reaches (\`HeapProfiler.collectGarbage\`): whole PSS, and own = Pss_Anon + Pss_Shmem. Load (1-minute average, ${availableParallelism()} cores) when each run began: ${runs.map((run) => run.load.toFixed(1)).join(', ')}.`,
    '',
    '| state | whole-browser PSS, median | own memory, median | own over the same run’s cold | goal | verdict |',
    '|---|---|---|---|---|---|',
    memoryRow(runs, 'cold, lesson 1 answered', (run) => run.cold),
    memoryRow(runs, 'lesson 19: solution answered, checks round done', (run) => run.lesson19, 200),
    memoryRow(runs, '5 s after leaving lesson 19 (for lesson 2)', (run) => run.leftFor5s, 50),
    memoryRow(runs, 'after the 2nd switch between lesson 2 and 19', (run) => run.secondSwitch),
    memoryRow(runs, `after the ${20}th switch`, (run) => run.lastSwitch),
    '',
    `20 switches, own memory after the 20th against the 2nd: ${drift.map(signed).join(', ')} (goal: within 50 MB, ${verdict(Math.abs(worstDrift) <= 50)}). PGlite workers alive at once from Use solution through the checks round (CDP, a server worker holding ≥ ${PGLITE_BYTES / 2 ** 20} MB of array buffers, read every 50 ms: ${runs.map((run) => run.pgliteReadings).join(', ')} readings): at most ${pglite} (goal: 1, ${verdict(pglite <= 1)}).`,
    '',
    '| measure | median (each run) | worst | goal | verdict |',
    '|---|---|---|---|---|',
    timedRow(
      'lesson 19: Use solution → the new program’s first answer shown',
      runs.map((run) => run.useSolution),
      1500,
    ),
    timedRow(
      `… at CPU ${SLOWDOWN}× (the page and the sandbox frame)`,
      runs.map((run) => run.useSolutionSlow),
      4000,
    ),
    timedRow(
      'warm reload of lesson 1 → first answer shown',
      runs.map((run) => run.warmReload),
      500,
      true,
    ),
    '',
  ].join('\n');
}
