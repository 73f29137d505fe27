import { kindOf, type Check } from '../../runtime/course/format/check-format.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';

/** How many of a lesson's checks pass: all of them, and those of the learner's task apart. */
export interface CheckCounts {
  passed: number;
  total: number;
  /** The checks of kind `task`: what the learner has to make true. */
  taskPassed: number;
  taskTotal: number;
  /** Whether the lesson has `observe` checks (true from the start), which the task count leaves out. */
  observes: boolean;
}

/** Counts `results` (one per check of `checks`, null while not run) as a whole and for the task alone. */
export function countChecks(checks: Check[], results: (CheckResult | null)[]): CheckCounts {
  const task = checks.map((check) => kindOf(check) === 'task');
  const passed = results.filter((result) => result?.passed).length;
  const taskPassed = results.filter((result, i) => task[i] && result?.passed).length;
  const taskTotal = task.filter(Boolean).length;
  return { passed, total: checks.length, taskPassed, taskTotal, observes: taskTotal < checks.length };
}
