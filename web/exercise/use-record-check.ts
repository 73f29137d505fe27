import { useCallback } from 'react';
import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { JsonValue } from '../../runtime/course/format/check-format.ts';
import { answerOf, defaultChoices, parseBody, type Exchange } from '../../runtime/course/checks/record-check.ts';
import { replayFlow } from '../../runtime/course/checks/replay-exchange.ts';
import { proposedKinds } from '../../runtime/course/checks/propose-kinds.ts';
import { isCreatedId } from '../../runtime/course/checks/fresh-ids.ts';
import { runsToBound } from '../../runtime/course/checks/proof-bound.ts';
import { unexpectedAnswer } from '../../runtime/course/checks/unexpected-answer.ts';
import { useFiles, type Files } from '../state/files-store.ts';
import { useEngine } from '../engine/engine-context.tsx';
import { useExchange } from '../exchange/exchange-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { checkRequestOfSpec } from '../exchange/request/check-from-spec.ts';
import { panelSockets } from '../exchange/request/panel-socket.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';
import { useConfirm } from '../layout/confirm-dialog.tsx';
import { useLessonChecksState } from '../lessons/lesson-checks.ts';
import { useExerciseDraft, type ExerciseDraftPart } from './draft-store.ts';
import { addRecording, applyReplay } from './draft-recording.ts';
import { freshStarts } from './fresh-starts.ts';

/** A replay's requests may meet a program opening a database for the first time. */
const REPLAY_TIMEOUT_MS = 20_000;

/**
 * Fresh starts a replay makes, each sent twice: 60 answers, so a value that changes in 1 answer of 20 is seen with
 * 95 % confidence (proof-bound.ts).
 */
const REPLAY_STARTS = Math.ceil(runsToBound() / 2);

/** No new replay start after this long: a program that opens a database on each start replays less, and the card says how much. */
const REPLAY_TIME_MS = 30_000;

/** Replays are numbered, so each start gets databases of its own. */
let replays = 0;

/**
 * The message that came on connection `connection` at log line `index`, after the last message sent
 * before it on either connection: a reply on the same connection, or an event another one caused.
 */
function socketExchangeAt(engine: PlaygroundEngine, connection: string, index: number, path: string): Exchange | string {
  const names = ['A', 'B'];
  const logs = panelSockets(engine).map((socket) => socket.store.get().log);
  const line = logs[names.indexOf(connection)]?.[index];
  if (!line || line.kind !== 'in') return 'That message is gone from the log.';
  const message = parseBody(line.text);
  if (message === undefined) return 'Only JSON messages can become checks.';
  let sent: { socket: string; message: JsonValue; time: number } | undefined;
  for (const [i, log] of logs.entries()) {
    for (const entry of log) {
      const json = entry.kind === 'out' && entry.time <= line.time ? parseBody(entry.text) : undefined;
      if (json !== undefined && (!sent || entry.time >= sent.time))
        sent = { socket: names[i].toLowerCase(), message: json, time: entry.time };
    }
  }
  return {
    kind: 'socket',
    path: path.startsWith('/') ? path : `/${path}`,
    ...(sent ? { sent: { socket: sent.socket, message: sent.message } } : {}),
    received: { socket: connection.toLowerCase(), message },
  };
}

/** What replaying a recorded check needs: the engine, the draft, and the checks' host to borrow for it. */
interface Replayer {
  engine: PlaygroundEngine;
  draft: ExerciseDraftPart;
  borrowChecksHost: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Replays the exchanges of the draft's check `index` on fresh starts of `files`, on the checks' own host, and gives each
 * step what changed from one start to the next (and the kinds its fields fit); a replay that stops says why on its last step.
 */
async function replayCheck({ engine, draft, borrowChecksHost }: Replayer, index: number, files: Files): Promise<void> {
  const parts = draft.draftStore.get().checks[index]?.recording?.parts ?? [];
  try {
    const found = await borrowChecksHost(() =>
      replayFlow(parts, {
        origin: engine.state.origins[0] ?? FALLBACK_ORIGIN,
        fetch: (input, init) => engine.fetchForChecks(input, init),
        WebSocket: engine.ChecksWebSocket,
        timeoutMs: REPLAY_TIMEOUT_MS,
        starts: freshStarts(engine, files, `replay-${(replays += 1)}`, REPLAY_STARTS),
        timeLimitMs: REPLAY_TIME_MS,
      }).finally(() => engine.stopChecks()),
    );
    applyReplay(draft, index, found, (part, replay) => {
      const answer = answerOf(part.exchange);
      const created = part.exchange.kind === 'http' ? part.exchange.request.method : '';
      // An id a POST answered that changed in every run: proposed as "changes on every create", which takes a second exchange.
      const fresh = replay.unstable.filter((u) => !u.flaky && isCreatedId(created, u.path)).map((u) => u.path);
      return { unstable: replay.unstable, kinds: answer === undefined ? {} : proposedKinds(answer, replay.unstable), fresh };
    });
  } catch (error) {
    const stopped = { unstable: [], warnings: [`The replay stopped: ${error instanceof Error ? error.message : String(error)}`], runs: 0 };
    applyReplay(draft, index, [...parts.slice(1).map(() => ({ unstable: [], warnings: [], runs: 0 })), stopped], () => ({}));
  }
}

/**
 * "Add as check": records the last HTTP (or GraphQL) exchange, or a WebSocket message, as a check of the
 * exercise being made, then replays it on a fresh start of the same code to find the fields that change.
 */
export function useRecordCheck(): {
  recordResponse: () => Promise<void>;
  recordSocketLine: (connection: string, index: number) => Promise<string | null>;
} {
  const engine = useEngine();
  const { filesStore } = useFiles();
  const { exchangeStore } = useExchange();
  const { requestStore } = useRequest();
  const draft = useExerciseDraft();
  const { askToConfirm } = useConfirm();
  const { borrowChecksHost } = useLessonChecksState();

  /**
   * Records `exchange` (a new check, or the next step of the check the author adds steps to), then replays the
   * check's exchanges on fresh starts on the checks' own host; an error answer only once the author said it is
   * what the check should expect. Resolves false when they did not.
   */
  const record = useCallback(
    async (exchange: Exchange): Promise<boolean> => {
      const surprise = unexpectedAnswer(exchange);
      if (surprise && !(await askToConfirm({ title: 'Record an error as a check?', message: surprise, confirmLabel: 'Record it anyway' })))
        return false;
      const files = filesStore.get().files;
      const index = addRecording(draft, exchange, files, defaultChoices(exchange));
      await replayCheck({ engine, draft, borrowChecksHost }, index, files);
      return true;
    },
    [engine, filesStore, draft, askToConfirm, borrowChecksHost],
  );

  const recordResponse = useCallback(async () => {
    const { response, sentSpec } = exchangeStore.get();
    if (!response || !sentSpec) return;
    const headers = Object.fromEntries(response.headers);
    await record({
      kind: 'http',
      request: await checkRequestOfSpec(sentSpec),
      response: { status: response.status, headers, body: response.body },
    });
  }, [exchangeStore, record]);

  const recordSocketLine = useCallback(
    async (connection: string, index: number) => {
      const exchange = socketExchangeAt(engine, connection, index, requestStore.get().spec.socketPath);
      if (typeof exchange === 'string') return exchange;
      return (await record(exchange)) ? null : 'Not added.';
    },
    [engine, requestStore, record],
  );

  return { recordResponse, recordSocketLine };
}
