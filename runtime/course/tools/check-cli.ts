/**
 * `npm run check -- --lesson 08-services --url http://localhost:3000 [--course ../my-course] [--timeout 10]`: runs a
 * lesson's checks (the same runner the playground uses) against a real server — a learner's exported program on
 * Node, or a deployed one — and prints one line per check, with, for a failing one, why, what was expected and what
 * came back (the status and the start of the body). `--timeout` is the seconds one request may take. Exits 0 when every check passes, 1 when one fails, 2 when the command itself is wrong. What a check
 * expects of a request's trace is left out unless `--trace` says the server sends its traces (started with
 * `HALO_TRACE=header`): an exported or deployed program does not show its insides to any client by default.
 */
import { WebSocket } from 'ws';
import { checkIssues } from '../format/check-schema.ts';
import { isSocketStep, type Check, type FlowStep } from '../format/check-format.ts';
import type { WebSocketClass } from '../checks/check-socket.ts';
import { runChecks, type CheckResult } from '../checks/run-checks.ts';
import { courseDirOf } from './course-dir.ts';
import { loadChecks } from './load-checks.ts';
import { readCourse, type LessonOnDisk } from './read-course.ts';

const USAGE =
  'Usage: npm run check -- --lesson <lesson folder or number> --url <http://host:port> [--course <dir>] [--trace] [--timeout <seconds>]';

/** How much of a body that came back is printed. */
const BODY_SHOWN = 200;

/** `text` on one line, cut at `max` characters. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** The value after `--name` (or of `--name=value`). */
function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** The lesson `wanted` names: its folder (`08-services`) or its number (`8`, `08`). */
function findLesson(lessons: readonly LessonOnDisk[], wanted: string): LessonOnDisk | undefined {
  return lessons.find((lesson) => lesson.id === wanted) ?? lessons.find((lesson) => Number(/^\d+/.exec(lesson.id)?.[0]) === Number(wanted));
}

/** The lines printed for one check: ✓ or ✗ and its title, then each failing step's request, reasons, expected and got. */
function checkLines(result: CheckResult): string[] {
  if (result.passed) return [`  ✓ ${result.title}`];
  const lines = result.steps.flatMap((step) => {
    if (step.failures.length === 0) return [];
    const { status, body, ...rest } = step.expected;
    const expected = [
      status !== undefined ? `status ${status}` : '',
      body !== undefined ? `body ${oneLine(JSON.stringify(body), BODY_SHOWN)}` : '',
    ]
      .concat(Object.keys(rest).length > 0 ? [oneLine(JSON.stringify(rest), BODY_SHOWN)] : [])
      .filter(Boolean)
      .join(', ');
    const got =
      step.actual.status === 0 ? 'no response' : `status ${step.actual.status}, body ${oneLine(step.actual.body, BODY_SHOWN) || '(empty)'}`;
    return [
      ...step.failures.map((failure) => `      ${step.request.method} ${step.request.path}: ${failure}`),
      `        expected: ${expected || 'any response'}`,
      `        got:      ${got}`,
    ];
  });
  return [`  ✗ ${result.title}`, ...lines];
}

/** The check without what it expects of traces, and whether it had any such expectation. */
function withoutTrace(check: Check): { check: Check; dropped: boolean } {
  let dropped = false;
  const strip = <Step extends FlowStep>(step: Step): Step => {
    if (isSocketStep(step) || !step.expect.trace) return step;
    dropped = true;
    const { trace: _trace, ...expect } = step.expect;
    return { ...step, expect };
  };
  const stripped = 'steps' in check ? { ...check, steps: check.steps.map(strip) } : strip(check);
  return { check: stripped, dropped };
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const args = process.argv.slice(2);
const wanted = option(args, 'lesson');
const url = option(args, 'url');
if (!wanted || !url) fail(USAGE);
let origin: string;
try {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  origin = parsed.origin;
} catch {
  fail(`"${url}" is not an http:// or https:// address.\n${USAGE}`);
}
const dir = courseDirOf(args, process.env);
const { course } = readCourse(dir);
const lesson = findLesson(course.lessons, wanted);
if (!lesson) fail(`No lesson "${wanted}" in ${dir}. Lessons: ${course.lessons.map((l) => l.id).join(', ')}`);
const loaded = (await loadChecks(lesson.checksFile)).value;
const issues = Array.isArray(loaded) ? loaded.flatMap((check: unknown) => checkIssues(check)) : ['the file does not export a list'];
if (issues.length > 0) fail(`${lesson.checksFile}: the checks are not valid: ${issues.join('; ')}`);
console.log(`Checking ${lesson.id} against ${origin}`);
const withTraces = args.includes('--trace');
const timeoutOption = option(args, 'timeout');
const timeoutSeconds = Number(timeoutOption ?? 10);
if (!(timeoutSeconds > 0)) fail(`--timeout must be a number of seconds above 0, not ${timeoutOption}\n${USAGE}`);
const checks = (loaded as Check[]).map((check) => {
  if (withTraces) return check;
  const { check: stripped, dropped } = withoutTrace(check);
  if (dropped)
    console.log(
      `  (not checked here: what "${check.title}" expects of the request's trace; add --trace for a server started with HALO_TRACE=header)`,
    );
  return stripped;
});

const results = await runChecks(checks, {
  origin,
  fetch,
  timeoutMs: timeoutSeconds * 1000,
  WebSocket: WebSocket as unknown as WebSocketClass,
  onResult: (result) => console.log(checkLines(result).join('\n')),
});
const passed = results.filter((result) => result.passed).length;
console.log(`${passed} of ${results.length} checks passed.`);
process.exitCode = passed === results.length ? 0 : 1;
