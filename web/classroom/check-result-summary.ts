import { CLASS_LIMITS, type CheckFailure } from '../../runtime/classroom/class-protocol.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a learner sends of a failed check: its failing step's request, expected and got, cut to the server's caps. */
export function failureOf(result: CheckResult): CheckFailure | undefined {
  const step = result.steps.find((s) => s.failures.length > 0);
  if (result.passed || !step) return undefined;
  const got = step.actual.status === 0 ? '(no response)' : `${step.actual.status}\n${step.actual.body}`;
  return {
    request: cut(`${step.request.method} ${step.request.path}`, 300),
    expected: cut(JSON.stringify(step.expected), CLASS_LIMITS.text),
    got: cut(got, CLASS_LIMITS.text),
    reasons: step.failures.slice(0, CLASS_LIMITS.reasons).map((reason) => cut(reason, 1000)),
  };
}
