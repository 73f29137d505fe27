import type { ConsoleEntry } from '../engine/engine-api.ts';
import type { PgCall, PgReply } from '../browser/pg-broker-protocol.ts';

/** An HTTP request crossing into the server worker; the body is transferred, not copied. */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** An HTTP response crossing back to the page; the body is transferred, not copied. */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** Messages the page sends to the server worker (over the worker's private port). */
export type ToServerWorker =
  | { type: 'load'; code: string }
  | { type: 'request'; id: number; request: WireRequest }
  | { type: 'reply'; id: number; reply: PgReply };

/** Messages the server worker sends to the page (over the worker's private port). */
export type FromServerWorker =
  | { type: 'listen'; origin: string }
  | { type: 'unlisten'; origin: string }
  | { type: 'started' }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'response'; id: number; response: WireResponse }
  | { type: 'console'; entry: ConsoleEntry }
  | { type: 'busy'; ms: number }
  | { type: 'call'; id: number; call: PgCall };
