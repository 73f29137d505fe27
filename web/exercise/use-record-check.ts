import { useCallback } from 'react';
import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import type { JsonValue } from '../../runtime/checks/check-format.ts';
import { defaultChoices, parseBody, type Exchange } from '../../runtime/checks/record-check.ts';
import { replayExchange } from '../../runtime/checks/replay-exchange.ts';
import type { Files } from '../state/files-store.ts';
import { useFiles } from '../state/files-store.ts';
import { useEngine } from '../engine/engine-context.tsx';
import { useExchange } from '../exchange/exchange-store.ts';
import { useRequest } from '../exchange/request/request-store.ts';
import { checkRequestOfSpec } from '../exchange/request/check-from-spec.ts';
import { panelSockets } from '../exchange/request/panel-socket.ts';
import { FALLBACK_ORIGIN } from '../exchange/request/request-model.ts';
import { unexpectedAnswer } from '../../runtime/checks/unexpected-answer.ts';
import { useConfirm } from '../layout/confirm-dialog.tsx';
import { useExerciseDraft } from './draft-store.ts';
import { addRecording, chooseFor } from './draft-recording.ts';

/** A replay's requests may meet a program opening a database for the first time. */
const REPLAY_TIMEOUT_MS = 20_000;

/** A fresh start of `files` in the engine: what a replay restarts (the compile cache makes the compile instant). */
function restartWith(engine: PlaygroundEngine, files: Files): () => Promise<void> {
  return async () => {
    const compiled = await engine.compile(files);
    if (!compiled.ok) throw new Error('the program no longer compiles');
    await engine.run(compiled.bundle);
  };
}

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

  /** Records `exchange`; an error answer only once the author said it is what the check should expect. Resolves false when they did not. */
  const record = useCallback(
    async (exchange: Exchange): Promise<boolean> => {
      const surprise = unexpectedAnswer(exchange);
      if (surprise && !(await askToConfirm({ title: 'Record an error as a check?', message: surprise, confirmLabel: 'Record it anyway' })))
        return false;
      const files = filesStore.get().files;
      const index = addRecording(draft, exchange, files, defaultChoices(exchange));
      const origin = engine.state.origins[0] ?? FALLBACK_ORIGIN;
      try {
        const replay = await replayExchange(exchange, {
          origin,
          fetch: (input, init) => globalThis.fetch(input, init),
          timeoutMs: REPLAY_TIMEOUT_MS,
          restart: restartWith(engine, files),
        });
        chooseFor(draft, index, { unstable: replay.unstable }, replay);
      } catch (error) {
        chooseFor(
          draft,
          index,
          {},
          { unstable: [], warnings: [`The replay stopped: ${error instanceof Error ? error.message : String(error)}`] },
        );
      }
      return true;
    },
    [engine, filesStore, draft, askToConfirm],
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
