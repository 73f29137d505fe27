/**
 * A vitest reporter that writes every test file's time, from its set-up to its last hook, and the whole run's wall
 * clock, as JSON (`test/.artifacts/test-timings.json`); test/support/test-timings.ts reads it. Vitest's own JSON report
 * times a file from its first test, leaving out the beforeAll hooks where an e2e file opens its browser and pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const REPO = resolve(import.meta.dirname, '../..');
/** Where the timings are written. */
export const TIMINGS_FILE = resolve(REPO, 'test/.artifacts/test-timings.json');

/** One test file's figures. */
interface FileTiming {
  file: string;
  project: string;
  tests: number;
  failed: boolean;
  seconds: number;
}

/** What the timings file holds. */
export interface RunTimings {
  wallSeconds: number;
  tests: number;
  failedTests: number;
  files: FileTiming[];
}

/** Writes {@link TIMINGS_FILE} at the end of every run. */
export default class TimingsReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    let failedTests = 0;
    const files = modules.map((module): FileTiming => {
      const d = module.diagnostic();
      const tests = [...module.children.allTests()];
      failedTests += tests.filter((test) => test.result().state === 'failed').length;
      return {
        file: relative(REPO, module.moduleId),
        project: module.project.name,
        tests: tests.length,
        failed: module.state() === 'failed',
        seconds: (d.prepareDuration + d.environmentSetupDuration + d.collectDuration + d.setupDuration + d.duration) / 1000,
      };
    });
    const timings: RunTimings = {
      wallSeconds: (Date.now() - this.startedAt) / 1000,
      tests: files.reduce((sum, file) => sum + file.tests, 0),
      failedTests,
      files: files.sort((a, b) => b.seconds - a.seconds),
    };
    mkdirSync(dirname(TIMINGS_FILE), { recursive: true });
    writeFileSync(TIMINGS_FILE, `${JSON.stringify(timings, null, 1)}\n`);
  }
}
