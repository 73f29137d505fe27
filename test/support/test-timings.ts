/**
 * The test run's timings (`test/.artifacts/test-timings.json`, written by test/support/timings-reporter.ts at the end
 * of every `vitest run`): prints the slowest files as a table and fails (exit 1) when the whole run took longer than
 * the budget in `test/timing-budget.json`. CI runs it last (`.ci/run`), so its output ends with the table.
 *
 * `tsx test/support/test-timings.ts [timings.json]`; `HALO_TEST_BUDGET_S` overrides the budget (to show it failing).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { TIMINGS_FILE, type RunTimings } from './timings-reporter.ts';

const REPO = resolve(import.meta.dirname, '../..');
const BUDGET_FILE = resolve(REPO, 'test/timing-budget.json');
const SLOWEST = 15;

/** What the budget file holds: the most seconds a whole `vitest run` of every project may take, and why that figure. */
interface Budget {
  seconds: number;
  why: string;
}

/** The assertions written in the end-to-end files (`expect(…)`, `expect.poll(…)`, `expect.soft(…)`), counted in the source. */
function e2eAssertions(): number {
  const dir = resolve(REPO, 'test/e2e');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .reduce((sum, path) => sum + (readFileSync(resolve(dir, path), 'utf8').match(/\bexpect(\.poll|\.soft)?\(/g) ?? []).length, 0);
}

const minutes = (seconds: number): string => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

function main(): void {
  const path = resolve(REPO, process.argv[2] ?? TIMINGS_FILE);
  if (!existsSync(path)) {
    console.error(`test timings: no timings at ${relative(REPO, path)} (did the test run start?)`);
    process.exit(1);
  }
  const run = JSON.parse(readFileSync(path, 'utf8')) as RunTimings;
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budget;
  const limit = Number(process.env.HALO_TEST_BUDGET_S ?? budget.seconds);
  const slowest = run.files.slice(0, SLOWEST);
  const width = Math.max(...slowest.map((f) => f.file.length));
  console.log(`\nThe ${SLOWEST} slowest test files of ${run.files.length} (${run.tests} tests, ${run.failedTests} failed):`);
  console.log(`${'seconds'.padStart(8)}  ${'tests'.padStart(5)}  project  file`);
  for (const f of slowest)
    console.log(
      `${f.seconds.toFixed(1).padStart(8)}  ${String(f.tests).padStart(5)}  ${f.project.padEnd(7)}  ${f.file.padEnd(width)}${f.failed ? '  FAILED' : ''}`,
    );
  const summed = run.files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(`tests: ${run.tests}; assertions written in test/e2e: ${e2eAssertions()}.`);
  console.log(
    `vitest: ${minutes(run.wallSeconds)} wall clock (${minutes(summed)} summed over files); budget ${minutes(limit)} (test/timing-budget.json).`,
  );
  if (run.wallSeconds > limit) {
    console.error(
      `test timings: the run took ${minutes(run.wallSeconds)}, over its budget of ${minutes(limit)}: see what grew in the table above.`,
    );
    process.exit(1);
  }
}

main();
