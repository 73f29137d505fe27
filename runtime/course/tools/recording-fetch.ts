/**
 * A fetch for the terminal check that keeps what each response's body delivered, as it arrives: when a body stops
 * halfway (the server hangs or drops the connection), the check can say exactly what came before it stopped.
 */

/** One response as it arrived: its request's method and path, the body text received so far, and whether it ended. */
export interface BodyRecord {
  method: string;
  path: string;
  text: string;
  complete: boolean;
}

/** Statuses whose Response has no body (and that a Response cannot be built with). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The path and query of `input`. */
function pathOf(input: string | URL | Request): string {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  return `${url.pathname}${url.search}`;
}

/** Node's fetch, each response's body noted in `records` (in the order the responses came) while the caller reads it. */
export function recordingFetch(records: BodyRecord[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body || NO_BODY.has(response.status) || response.status < 200) return response;
    const record: BodyRecord = { method: (init?.method ?? 'GET').toUpperCase(), path: pathOf(input), text: '', complete: false };
    records.push(record);
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    // Read on demand, so an error of the body (a timeout, a dropped connection) reaches the caller as it would have.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          record.text += decoder.decode();
          record.complete = true;
          controller.close();
          return;
        }
        record.text += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
