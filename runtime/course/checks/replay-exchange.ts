import type { Check, JsonValue } from '../format/check-format.ts';
import { answerOf, parseBody, type Exchange, type RecordChoices, type UnstableField } from './record-check.ts';
import { recordFlow, stepCounts, type FlowPart } from './record-flow.ts';
import { runChecks, type RunChecksOptions } from './run-checks.ts';
import { unstableFields, type ReplayedAnswer } from './unstable-fields.ts';

/** A fresh start of the program a replay sends to: the same code, its data empty; `label` says how it differs (another day, another time zone). */
export interface FreshStart {
  start: () => Promise<void>;
  label?: string;
  /** Whether this start runs on another day and in another time zone, where a date or a local time differs rightly. */
  clockShifted?: boolean;
}

/** What a replay needs: where and how to send (as for runChecks), and the fresh starts to send to. */
interface ReplayOptions extends Omit<RunChecksOptions, 'onResult' | 'restart'> {
  /** The fresh starts, in order: each replaces the program the last one started. */
  starts: readonly FreshStart[];
  /** How many times the exchanges are sent on each start; from the second on, counters show. Default 2. */
  sends?: number;
  /** No new start after this many milliseconds (the first two always run): a program slow to start replays less, and says so. */
  timeLimitMs?: number;
}

/** What replaying an exchange found. */
export interface Replay {
  /** The fields a check must leave out, each with its reason. */
  unstable: UnstableField[];
  /** What no loosening fixes (another status on a fresh start, no answer), in words for the author. */
  warnings: string[];
  /** How many times the exchanges were sent again: what bounds how rare a change the replay could miss. */
  runs: number;
}

/**
 * The fields that tell which message of a connection is the answer: its `event` name, or the `id` the
 * request chose (a reply repeats it). The rest of the message is what the replay compares.
 */
function messageKey(exchange: Extract<Exchange, { kind: 'socket' }>): RecordChoices {
  const message = exchange.received.message;
  const sent = exchange.sent?.message;
  const keep: string[] = [];
  if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
    if (typeof message.event === 'string') keep.push('event');
    else if (sent !== null && typeof sent === 'object' && !Array.isArray(sent) && sent?.id !== undefined && sent.id === message.id)
      keep.push('id');
  }
  return { title: 'replay', match: { kind: 'json', keep } };
}

/**
 * The flow a replay sends: each exchange's request (values of earlier answers put back as captures) expecting
 * nothing of an HTTP answer, whose status is compared afterwards where a difference can be explained; a
 * WebSocket answer is waited for by its event name or id.
 */
function probeOf(parts: readonly FlowPart[]): Check {
  const probes = parts.map(({ exchange, choices }) => ({
    exchange,
    choices:
      exchange.kind === 'http'
        ? { ...choices, match: { kind: 'none' as const }, kinds: {} }
        : { ...messageKey(exchange), capture: choices.capture },
  }));
  const check = recordFlow('replay', probes);
  if ('steps' in check) return { ...check, steps: check.steps.map((step) => ('request' in step ? { ...step, expect: {} } : step)) };
  return { ...check, expect: {} };
}

/** A status a replay got where the recording got another. */
interface StatusOff {
  title: string;
  got: number;
  wanted: number;
  label: string;
}

/** Where one start's answers part: the answer of each exchange, a warning that ends the replay (no answer), or a status that differs. */
function answersOf(parts: readonly FlowPart[], steps: { failures: string[]; actual: { status: number; body: string } }[]) {
  const counts = stepCounts(parts);
  const answers: (JsonValue | undefined)[] = [];
  let at = 0;
  for (const [index, { exchange }] of parts.entries()) {
    at += counts[index];
    const step = steps[at - 1];
    if (!step || step.failures.length > 0)
      return { answers, warning: `it got no answer: ${step?.failures.join(' ') ?? 'nothing was sent'}`, status: null };
    if (exchange.kind === 'http' && step.actual.status !== exchange.response.status) {
      const { method, path } = exchange.request;
      return { answers, warning: null, status: { title: `${method} ${path}`, got: step.actual.status, wanted: exchange.response.status } };
    }
    answers.push(parseBody(step.actual.body));
  }
  return { answers, warning: null, status: null };
}

/** A status that differed in `off` of `runs` replays, in words: one that varies (other runs got the recorded one), or one that depends on requests before it. */
function statusWarning(off: readonly StatusOff[], runs: number): string {
  const [first] = off;
  if (off.length < runs)
    return `Its status varies from run to run: ${first.title} answered ${first.got} instead of ${first.wanted} in ${off.length} of ${runs} replays (first in ${first.label}). A learner with a right answer would fail it now and then: fix the solution.`;
  return `Sent again after a restart (${first.label}), it answered ${first.got} instead of ${first.wanted}: it depends on requests sent before it. Record it right after a restart, or record those requests too, as steps of one check.`;
}

/** After a status that differs, how many replays look for one that gets the recorded status. */
const RUNS_AFTER_STATUS = 8;

/**
 * Sends a flow's exchanges again, in order, on each of `options.starts` (fresh starts of the same code, the last
 * perhaps on another day in a far time zone), `sends` times each, and compares each answer with the recorded
 * one: ids that count up, times, dates, random values and lists that grow show as unstable fields of that
 * exchange. A different status, or no answer at all, is a warning: the request then depends on what was sent
 * before it. One Replay per exchange.
 */
export async function replayFlow(parts: readonly FlowPart[], options: ReplayOptions): Promise<Replay[]> {
  const probe = probeOf(parts);
  const replays: ReplayedAnswer[][] = parts.map(() => []);
  const warnings: string[] = [];
  const off: StatusOff[] = [];
  const began = performance.now();
  let run = 0;
  replaying: for (const [startIndex, { start, label, clockShifted }] of options.starts.entries()) {
    if (startIndex >= 2 && options.timeLimitMs !== undefined && performance.now() - began > options.timeLimitMs) break;
    await start();
    for (let send = 1; send <= (options.sends ?? 2); send++) {
      run += 1;
      const named = `replay ${run}${label ? ` (${label})` : ''}`;
      const [result] = await runChecks([probe], { ...options, restart: start });
      const { answers, warning, status } = answersOf(parts, result.steps);
      for (const [index, answer] of answers.entries())
        if (answer !== undefined) replays[index].push({ answer, label: named, clockShifted: clockShifted === true });
      if (warning) {
        warnings.push(`Sent again after a restart (${named}), ${warning}`);
        break replaying;
      }
      if (status) off.push({ ...status, label: named });
      // Enough to tell a status that varies (some run got the recorded one) from one that never does.
      if (off.length > 0 && (off.length < run || off.length >= RUNS_AFTER_STATUS)) break replaying;
    }
  }
  if (off.length > 0) warnings.push(statusWarning(off, run));
  return parts.map(({ exchange }, index) => {
    const recorded = answerOf(exchange);
    return {
      unstable: recorded === undefined ? [] : unstableFields(recorded, replays[index]),
      warnings: index === parts.length - 1 ? warnings : [],
      runs: run,
    };
  });
}

/** Replays one exchange (see replayFlow). */
export async function replayExchange(exchange: Exchange, options: ReplayOptions): Promise<Replay> {
  const [replay] = await replayFlow([{ exchange, choices: { title: 'replay', match: { kind: 'json' } } }], options);
  return replay;
}
