/**
 * `npm run check -- --lesson 08-services --url http://localhost:3000 [--course ../my-course] [--timeout 10]`: runs a
 * lesson's checks (the same runner the playground uses) against a real server — a learner's exported program on
 * Node, or a deployed one — and prints one line per check, with, for a failing one, why, what was expected and what
 * came back (the status and the start of the body, or what arrived of a body that stopped halfway). `--timeout` is the
 * seconds one request may take, `--total-timeout` the seconds the whole run may take (120 unless told): past it the
 * run stops, naming the check it was on. Exits 0 when every check passes, 1 when one fails or the run is stopped, 2
 * when the command itself is wrong. What a check
 * expects of a request's trace is left out unless `--trace` says the server sends its traces (started with
 * `HALO_TRACE=header`): an exported or deployed program does not show its insides to any client by default.
 */
import { WebSocket } from 'ws';
import { checkIssues } from '../format/check-schema.ts';
import { isSocketStep, type Check, type FlowStep } from '../format/check-format.ts';
import type { WebSocketClass } from '../checks/check-socket.ts';
import { runChecks, type CheckResult } from '../checks/run-checks.ts';
import type { StepResult } from '../checks/step-result.ts';
import { withoutRequest } from './check-program.ts';
import { courseDirOf } from './course-dir.ts';
import { loadChecks } from './load-checks.ts';
import { readCourse, type LessonOnDisk } from './read-course.ts';
import { recordingFetch, type BodyRecord } from './recording-fetch.ts';

const USAGE =
  'Usage: npm run check -- --lesson <lesson folder or number> --url <http://host:port> [--course <dir>] [--trace] [--timeout <seconds>] [--total-timeout <seconds>]';

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

/** What a step expected, in words. */
function expectedText(step: StepResult): string {
  const { status, body, ...rest } = step.expected;
  return [status !== undefined ? `status ${status}` : '', body !== undefined ? `body ${oneLine(JSON.stringify(body), BODY_SHOWN)}` : '']
    .concat(Object.keys(rest).length > 0 ? [oneLine(JSON.stringify(rest), BODY_SHOWN)] : [])
    .filter(Boolean)
    .join(', ');
}

/** What came back, in words: the status and the start of the body, or exactly what arrived of a body that stopped halfway. */
function gotText(step: StepResult, arrived: BodyRecord | undefined): string {
  if (step.actual.status === 0) return 'no response';
  if (arrived && !arrived.complete) {
    const bytes = new TextEncoder().encode(arrived.text).length;
    const shown = bytes === 0 ? '' : `: ${JSON.stringify(arrived.text.slice(0, BODY_SHOWN))}${arrived.text.length > BODY_SHOWN ? '…' : ''}`;
    return `status ${step.actual.status}, then the body stopped after ${bytes} bytes${shown}`;
  }
  return `status ${step.actual.status}, body ${oneLine(step.actual.body, BODY_SHOWN) || '(empty)'}`;
}

/**
 * The lines printed for one check: ✓ or ✗ and its title, then for each failing step its request (once) with its
 * reasons, what was expected and what came back. `arrived` holds the check's responses in the order they came.
 */
function checkLines(result: CheckResult, arrived: BodyRecord[]): string[] {
  if (result.passed) return [`  ✓ ${result.title}`];
  const lines = result.steps.flatMap((step) => {
    // Each step that got a response made the next of the check's responses.
    const body = step.actual.status === 0 ? undefined : arrived.shift();
    if (step.failures.length === 0) return [];
    const request = `${step.request.method} ${step.request.path}`;
    const [first, ...more] = step.failures.map((failure) => withoutRequest(failure, request));
    return [
      `      ${request}: ${first}`,
      ...more.map((failure) => `        ${failure}`),
      `        expected: ${expectedText(step) || 'any response'}`,
      `        got:      ${gotText(step, body)}`,
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

/** The seconds `--name` gives (above 0), or `fallback` when not given. */
function seconds(args: readonly string[], name: string, fallback: number): number {
  const given = option(args, name);
  const value = Number(given ?? fallback);
  if (!(value > 0)) fail(`--${name} must be a number of seconds above 0, not ${given}\n${USAGE}`);
  return value;
}

const args = process.argv.slice(2);
const wanted = option(args, 'lesson');
const url = option(args, 'url');
if (!wanted || !url) fail(USAGE);
const timeoutSeconds = seconds(args, 'timeout', 10);
const totalSeconds = seconds(args, 'total-timeout', 120);
const startedAt = Date.now();
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
const checks = (loaded as Check[]).map((check) => {
  if (withTraces) return check;
  const { check: stripped, dropped } = withoutTrace(check);
  if (dropped)
    console.log(
      `  (not checked here: what "${check.title}" expects of the request's trace; add --trace for a server started with HALO_TRACE=header)`,
    );
  return stripped;
});

const arrived: BodyRecord[] = [];
let passed = 0;
let ran = 0;
// The whole run has a bound: a server that answers each request just within --timeout cannot hold the terminal for long.
const stop = setTimeout(
  () => {
    const running = checks.at(ran)?.title ?? 'Before the first check';
    console.log(`  ✗ ${running}\n      stopped: the whole run reached its limit of ${totalSeconds} s (--total-timeout).`);
    console.log(`${passed} of ${checks.length} checks passed; ${checks.length - ran - 1} not run.`);
    process.exit(1);
  },
  Math.max(0, startedAt + totalSeconds * 1000 - Date.now()),
);
await runChecks(checks, {
  origin,
  fetch: recordingFetch(arrived),
  timeoutMs: timeoutSeconds * 1000,
  WebSocket: WebSocket as unknown as WebSocketClass,
  onResult: (result) => {
    ran += 1;
    if (result.passed) passed += 1;
    console.log(checkLines(result, arrived.splice(0)).join('\n'));
  },
});
clearTimeout(stop);
console.log(`${passed} of ${checks.length} checks passed.`);
process.exitCode = passed === checks.length ? 0 : 1;
