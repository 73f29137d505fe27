import { afterAll, describe, it } from 'vitest';
import { WebSocket } from 'ws';
import { stepsOf } from '../../runtime/checks/check-format.ts';
import { lessons } from '../../web/lessons/course/catalog.ts';
import { runChecks } from '../../runtime/checks/run-checks.ts';
import type { CheckResult } from '../../runtime/checks/run-checks.ts';
import type { WebSocketClass } from '../../runtime/checks/check-socket.ts';
import type { RunningProgram } from './serve-program.ts';
import { lessonProgramPath, serveProgram } from './serve-program.ts';

// Every lesson's solution must pass all its checks and its starter must fail at least one, each
// served by the Node AppHttp on a real socket, with the checks sent by Node's fetch.

const running = new Set<RunningProgram>();
afterAll(async () => {
  await Promise.all([...running].map((program) => program.stop()));
});

/**
 * Serves a lesson program and runs its checks `rounds` times against the same process: learners press
 * "Run checks" again and again, so checks must not depend on a fresh program. Returns the last round.
 */
async function check(lessonId: string, program: 'solution' | 'starter', rounds = 1): Promise<{ results: CheckResult[]; output: string }> {
  const lesson = lessons.find((l) => l.id === lessonId)!;
  const served = await serveProgram(lessonProgramPath(lesson.id, program), restarts(lessonId) ? 60_000 : undefined);
  running.add(served);
  try {
    let results: CheckResult[] = [];
    for (let round = 0; round < rounds; round++) {
      results = await runChecks(lesson.checks, { origin: served.origin, fetch, restart: served.restart, WebSocket: WebSocket as unknown as WebSocketClass });
      if (report(results)) break;
    }
    return { results, output: served.output() };
  } finally {
    await served.stop();
    running.delete(served);
  }
}

/** True when some check of the lesson restarts the program: each restart starts a process (and maybe opens a database). */
function restarts(lessonId: string): boolean {
  return lessons.find((l) => l.id === lessonId)!.checks.some((check) => stepsOf(check).some((step) => step.restartFirst));
}

function report(results: CheckResult[]): string {
  return results
    .filter((r) => !r.passed)
    .map((r) => `✗ ${r.title}\n${r.steps.flatMap((s) => s.failures.map((f) => `    ${s.request.method} ${s.request.path}: ${f}`)).join('\n')}`)
    .join('\n');
}

// Concurrent: each test runs its own program on its own port; vitest caps how many run at once.
describe.concurrent.each(lessons.map((lesson) => [lesson.id]))('lesson %s', (id) => {
  it('has a solution that passes every check, again and again', async ({ expect }) => {
    const { results, output } = await check(id, 'solution', 3);
    expect(results.length).toBeGreaterThan(0);
    const failed = report(results);
    expect(failed, `${failed}\n--- program output ---\n${output}`).toBe('');
  }, restarts(id) ? 150_000 : 40_000);

  it('has a starter that fails at least one check', async ({ expect }) => {
    const { results } = await check(id, 'starter');
    // LESSON_DEBUG=1 shows why each starter fails, to confirm it fails for the lesson's reason.
    if (process.env.LESSON_DEBUG) console.log(`starter of ${id}:\n${report(results)}`);
    expect(results.some((r) => !r.passed)).toBe(true);
  }, restarts(id) ? 90_000 : 40_000);
});
