import type { PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import { createStore } from '../state/store.ts';
import { buildRequest } from './request/panel-request.ts';
import type { RequestPart } from './request/request-store.ts';
import { stateHook } from '../state/state-context.tsx';
import type { RequestSpec } from './request/request-model.ts';
import { readResponse, type ResponseView } from './response/read-response.ts';
import { TRACE_HEADER } from '../../runtime/framework/tracing/trace-header.ts';

/** The last exchange: in flight, answered, or failed before any answer. */
export interface ExchangeState {
  pending: boolean;
  /** `METHOD url` of the last request sent. */
  sent: string | null;
  /** The request panel's spec as it was sent (for "Add as check"). */
  sentSpec?: RequestSpec;
  response: ResponseView | null;
  error: string | null;
}

/** Extra time the page waits beyond the engine's kill switch before giving up on its own. */
const CLIENT_GRACE_MS = 5_000;

/** The exchange part of the playground state. */
export type ExchangePart = ReturnType<typeof createExchangeState>;

/**
 * Creates the last exchange, which the request panel writes and the response panel reads; sent requests are
 * remembered in `request`. A request reaches the learner's program at once, also while the lesson checks run
 * (they have a copy of their own).
 */
export function createExchangeState({ remember }: RequestPart) {
  const exchangeStore = createStore<ExchangeState>({ pending: false, sent: null, response: null, error: null });

  /** Sends the request to the program and records the outcome; never throws. */
  async function sendRequest(
    spec: RequestSpec,
    origin: string,
    engine: Pick<PlaygroundEngine, 'serving' | 'requestTimeoutMs'>,
  ): Promise<void> {
    const timeoutMs = engine.requestTimeoutMs;
    let built;
    try {
      built = buildRequest(spec, origin);
    } catch (error) {
      exchangeStore.set({ pending: false, response: null, error: `Could not build the request: ${String(error)}` });
      return;
    }
    exchangeStore.set({ pending: true, sent: `${built.method} ${built.url}`, sentSpec: spec, error: null });
    try {
      // Until the service worker controls the page, a fetch to the program's origin would hit the real network.
      // Only that: the running program answers while esbuild is still loading.
      await engine.serving;
      const startedAt = performance.now();
      const response = await fetch(built.url, {
        method: built.method,
        // Asks the server worker for the trace of this request, for the Trace tab (the program never sees it).
        headers: [...built.headers, [TRACE_HEADER, '1']],
        body: built.body,
        signal: AbortSignal.timeout(timeoutMs + CLIENT_GRACE_MS),
      });
      const view = await readResponse(response, startedAt, timeoutMs);
      exchangeStore.set({ pending: false, response: view });
      remember({ spec, origin, status: view.status, time: Date.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      exchangeStore.set({ pending: false, response: null, error: `No response: ${message}` });
      remember({ spec, origin, status: null, time: Date.now() });
    }
  }

  return { exchangeStore, sendRequest };
}

/** The exchange part of the playground state, for components. */
export const useExchange = stateHook<ExchangePart>('exchange');
