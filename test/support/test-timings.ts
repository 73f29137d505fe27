/**
 * The test run's timings, read from vitest's JSON report (`test/.artifacts/vitest-report.json`, written by every
 * `vitest run`): prints the slowest files as a table and fails (exit 1) when the whole run took longer than the budget
 * in `test/timing-budget.json`. CI runs it last (`.ci/run`), so its output ends with the table.
 *
 * `tsx test/support/test-timings.ts [report.json]`; `HALO_TEST_BUDGET_S` overrides the budget (to show it failing).
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');
/** Where vite.config.ts has vitest write its JSON report. */
const REPORT_FILE = 'test/.artifacts/vitest-report.json';
const BUDGET_FILE = resolve(REPO, 'test/timing-budget.json');
const SLOWEST = 15;

/** The parts of vitest's JSON report read here. */
interface Report {
  startTime: number;
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

/** What the budget file holds: the most seconds a whole `vitest run` of every project may take, and why that figure. */
interface Budget {
  seconds: number;
  why: string;
}

/** One test file's figures: its path, its tests and its seconds from its first test's start to its end. */
interface FileTiming {
  file: string;
  tests: number;
  seconds: number;
}

/** Each file of `report` with its duration, slowest first, and the run's wall-clock seconds. */
function timingsOf(report: Report): { files: FileTiming[]; wallSeconds: number } {
  const files = report.testResults
    .map((result) => ({
      file: relative(REPO, result.name),
      tests: result.assertionResults.length,
      seconds: (result.endTime - result.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const end = Math.max(report.startTime, ...report.testResults.map((result) => result.endTime));
  return { files, wallSeconds: (end - report.startTime) / 1000 };
}

const minutes = (seconds: number): string => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

function main(): void {
  const path = resolve(REPO, process.argv[2] ?? REPORT_FILE);
  if (!existsSync(path)) {
    console.error(`test timings: no vitest report at ${relative(REPO, path)} (did the test run start?)`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budget;
  const limit = Number(process.env.HALO_TEST_BUDGET_S ?? budget.seconds);
  const { files, wallSeconds } = timingsOf(report);
  const width = Math.max(...files.slice(0, SLOWEST).map((f) => f.file.length));
  console.log(`\nThe ${SLOWEST} slowest test files of ${files.length} (${report.numTotalTests} tests, ${report.numFailedTests} failed):`);
  console.log(`${'seconds'.padStart(8)}  ${'tests'.padStart(5)}  file`);
  for (const f of files.slice(0, SLOWEST))
    console.log(`${f.seconds.toFixed(1).padStart(8)}  ${String(f.tests).padStart(5)}  ${f.file.padEnd(width)}`);
  const summed = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(
    `vitest: ${minutes(wallSeconds)} wall clock (${minutes(summed)} summed over files); budget ${minutes(limit)} (test/timing-budget.json).`,
  );
  if (wallSeconds > limit) {
    console.error(
      `test timings: the run took ${minutes(wallSeconds)}, over its budget of ${minutes(limit)}: find what grew in the table above.`,
    );
    process.exit(1);
  }
}

main();
