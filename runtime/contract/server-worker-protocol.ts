import type { ClockShift, ConsoleEntry } from './engine-api.ts';
import type { PgCall, PgReply } from './pg-broker-protocol.ts';
import type { WireRequest, WireResponse } from './wire.ts';

/** Messages the page sends to the server worker (over the worker's private port). */
export type ToServerWorker =
  /**
   * Loads the program, with its clock moved when `clock` is given (RunOptions.clock). A database this worker opened
   * ahead (`open-database`) is the program's only with `keepDatabases`; without it, it is closed first. With
   * `database` (a checks' copy), its default database is the one served on that port (`serve-database`).
   */
  | { type: 'load'; code: string; clock?: ClockShift; keepDatabases?: boolean; database?: MessagePort }
  /**
   * Serves the program's default database on `port` to a checks' copy, in a schema of its own (made afresh with
   * `fresh`), so the checks need no PGlite of their own; `drop-served-database` drops that schema.
   */
  | { type: 'serve-database'; port: MessagePort; fresh: boolean }
  | { type: 'drop-served-database' }
  /**
   * Opens the PGlite database at `url` (e.g. `idb://halo`) before any program loads, so the next program's PgService
   * finds it open. The worker answers `database-open`.
   */
  | { type: 'open-database'; url: string }
  | { type: 'request'; id: number; request: WireRequest }
  | { type: 'reply'; id: number; reply: PgReply }
  /** A page WebSocket connected to `url` (ws:// or wss://, on an origin the program registered). */
  | { type: 'socket-open'; id: number; url: string; headers: [string, string][] }
  /** A text message from the page's socket `id`; the worker answers `socket-done` with `seq` once the program handled it. */
  | { type: 'socket-message'; id: number; seq: number; text: string }
  /** The page's socket `id` closed. */
  | { type: 'socket-closed'; id: number };

/** Messages the server worker sends to the page (over the worker's private port). */
export type FromServerWorker =
  | { type: 'listen'; origin: string }
  | { type: 'unlisten'; origin: string }
  /** The worker's own script is running and the program's top level starts now. */
  | { type: 'loading' }
  /** The worker loaded and warmed up the framework: it is a ready spare. */
  | { type: 'booted' }
  /** The database of the last `open-database` is open (`ok`), or could not be opened. */
  | { type: 'database-open'; url: string; ok: boolean }
  | { type: 'started' }
  | { type: 'failed'; message: string; stack?: string }
  | { type: 'response'; id: number; response: WireResponse }
  | { type: 'console'; entry: ConsoleEntry }
  | { type: 'busy'; ms: number }
  | { type: 'call'; id: number; call: PgCall }
  /** The program sends a text message to the page's socket `id`. */
  | { type: 'socket-send'; id: number; text: string }
  /** The program closes the page's socket `id` (a WebSocket close code and reason). */
  | { type: 'socket-close'; id: number; code: number; reason: string }
  /** The trace of the call the program just handled from the page's socket `id` (the `x-halo-trace` encoding). */
  | { type: 'socket-trace'; id: number; trace: string }
  /** The program finished handling message `seq` (the kill switch waits for it as for a response). */
  | { type: 'socket-done'; seq: number };

/** The server worker's first message to the sandbox frame: its module ran, so it can take its port now. */
export const WORKER_READY = 'halo-worker-ready';
