import type { Check, JsonValue } from './check-format.ts';
import { answerOf, parseBody, recordCheck, type Exchange, type RecordChoices, type UnstableField } from './record-check.ts';
import { runChecks, type RunChecksOptions } from './run-checks.ts';
import { unstableFields } from './unstable-fields.ts';

/** What a replay needs: where and how to send (as for runChecks), and a fresh start of the program. */
interface ReplayOptions extends Omit<RunChecksOptions, 'onResult' | 'restart'> {
  /** Stops the program and starts the same code again; resolves once it serves. */
  restart: () => Promise<void>;
  /** How many times the exchange is sent after the restart; from the second on, counters show. Default 2. */
  sends?: number;
}

/** What replaying an exchange found. */
export interface Replay {
  /** The fields a check must leave out, each with its reason. */
  unstable: UnstableField[];
  /** What no loosening fixes (another status on a fresh start, no answer), in words for the author. */
  warnings: string[];
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
 * Sends the exchange's request again on a fresh start of the program (`options.restart`), `sends` times,
 * and compares each answer with the recorded one: ids that count up, times, random tokens and lists that
 * grow show as unstable fields. A different status, or no answer at all, is a warning: the request then
 * depends on what was sent before it.
 */
export async function replayExchange(exchange: Exchange, options: ReplayOptions): Promise<Replay> {
  // An HTTP probe expects nothing: the status it gets is compared below, where a difference can be explained.
  const probe: Check =
    exchange.kind === 'http' ? { title: 'replay', request: exchange.request, expect: {} } : recordCheck(exchange, messageKey(exchange));
  const warnings: string[] = [];
  const answers: JsonValue[] = [];
  await options.restart();
  for (let send = 1; send <= (options.sends ?? 2); send++) {
    const [result] = await runChecks([probe], options);
    const last = result.steps.at(-1);
    if (!result.passed || !last) {
      warnings.push(`Sent again after a restart, it got no answer: ${last?.failures.join(' ') ?? 'nothing was sent'}`);
      break;
    }
    if (exchange.kind === 'http' && last.actual.status !== exchange.response.status) {
      warnings.push(
        `Sent again after a restart, it answered ${last.actual.status} instead of ${exchange.response.status}: it depends on requests sent before it. Record it right after a restart, or add those requests as steps.`,
      );
      break;
    }
    const answer = parseBody(last.actual.body);
    if (answer !== undefined) answers.push(answer);
  }
  const recorded = answerOf(exchange);
  return { unstable: recorded === undefined ? [] : unstableFields(recorded, answers), warnings };
}
