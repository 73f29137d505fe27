import { describe, expect, it } from 'vitest';
import { createExchangeState } from '../../web/exchange/exchange-store.ts';
import { createRequestState } from '../../web/exchange/request/request-store.ts';
import { defaultRequest } from '../../web/exchange/request/request-model.ts';

const { exchangeStore, sendRequest } = createExchangeState(createRequestState(undefined));

describe('sending a request', () => {
  it('waits for the engine to route requests before fetching, and reports a failure as a message', async () => {
    let release!: () => void;
    const serving = new Promise<void>((resolve) => (release = resolve));
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      calls.push(url);
      return new Response('hi', { status: 200, headers: { 'content-type': 'text/plain' } });
    }) as typeof fetch;
    try {
      const sending = sendRequest(defaultRequest(), 'http://localhost:3000', { serving, requestTimeoutMs: 5000 });
      await Promise.resolve();
      expect(calls).toEqual([]);
      expect(exchangeStore.get().pending).toBe(true);
      release();
      await sending;
      expect(calls).toEqual(['http://localhost:3000/']);
      expect(exchangeStore.get()).toMatchObject({ pending: false, error: null, response: { status: 200, body: 'hi' } });

      globalThis.fetch = async () => {
        throw new TypeError('Failed to fetch');
      };
      await sendRequest(defaultRequest(), 'http://localhost:3000', { serving, requestTimeoutMs: 5000 });
      expect(exchangeStore.get()).toMatchObject({ pending: false, response: null, error: 'No response: Failed to fetch' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
