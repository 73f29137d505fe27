import type { PgCall, PgReply } from '../../contract/pg-broker-protocol.ts';
import type { ClockShift, ConsoleEntry } from '../../contract/engine-api.ts';
import type { FromServerWorker, ToServerWorker } from '../../contract/server-worker-protocol.ts';
import type { WireRequest, WireResponse } from '../../contract/wire.ts';
import type { ServerWorkerHandle } from './sandbox-frame.ts';
import { upgradeHeaders } from './upgrade-headers.ts';

/** How a program loads (see the `load` message). */
export interface LoadOptions {
  clock?: ClockShift;
  /** The program may have the databases the worker opened ahead (see DatabaseAhead). */
  keepDatabases?: boolean;
  /** A port to the learner's database, for a checks' copy (see ServerHost.serveDatabase). */
  database?: MessagePort | null;
}

/** How a program's start ended. */
export type StartOutcome = { ok: true } | { ok: false; message: string; stack?: string };

/** Events of one process, reported to its owner. */
export interface ProcessEvents {
  console(entry: ConsoleEntry): void;
  listen(origin: string): void;
  unlisten(origin: string): void;
  /** A request of the program's PGlite for its assets or storage; resolves with the answer to send back. */
  call(call: PgCall): Promise<{ reply: PgReply; transfer: Transferable[] }>;
  /** The program sends `text` to the page's socket `id`. */
  socketSend(id: number, text: string): void;
  /** The program closes the page's socket `id`. */
  socketClose(id: number, code: number, reason: string): void;
  /** The trace of the call the program handled from the page's socket `id`. */
  socketTrace?(id: number, trace: string): void;
}

/**
 * How long one busy report may hold the kill switch off, and how long all of a program's reports may
 * together: enough for PGlite's first open (initdb) on a slow machine, and a program that reports busy
 * forever (or again and again) still meets the kill switch within a minute.
 */
export const BUSY_CAP_MS = 60_000;

/** The page's side of one server worker running one program; terminated, it answers nothing more. */
export class ProgramProcess {
  private readonly pending = new Map<number, (response: WireResponse | null) => void>();
  /** Socket messages the program has not finished handling, by sequence number. */
  private readonly handling = new Map<number, (handled: boolean) => void>();
  private starting: ((outcome: StartOutcome) => void) | null = null;
  /** Arms the program's own start deadline once the worker runs its top level. */
  private loading: (() => void) | null = null;
  private nextId = 1;
  private dead = false;
  /** Until when the program said it is busy with slow, legitimate work (opening a database); epoch ms. */
  private busyUntil = 0;
  /** When the current busy time began, and the busy time granted before it (both bounded by BUSY_CAP_MS). */
  private busySince = 0;
  private busySpent = 0;
  /** Why the worker could not start, once known: a spare may fail before a program takes it over and starts. */
  private workerFailure: string | null = null;

  /** Takes over `worker`, a freshly spawned server worker. */
  constructor(
    private readonly worker: ServerWorkerHandle,
    private readonly events: ProcessEvents,
  ) {
    worker.port.onmessage = (event: MessageEvent<FromServerWorker>) => this.receive(event.data);
    worker.onerror = (message) => {
      this.workerFailure = `The server worker failed: ${message}`;
      this.finishStart({ ok: false, message: this.workerFailure });
    };
  }

  /** Loads `code`; resolves when its top level finished, failed, or did not finish within `timeoutMs`. */
  start(code: string, timeoutMs: number, { clock, keepDatabases, database }: LoadOptions = {}): Promise<StartOutcome> {
    if (this.dead) return Promise.resolve({ ok: false, message: 'The program was stopped.' });
    if (this.workerFailure !== null) return Promise.resolve({ ok: false, message: this.workerFailure });
    return new Promise((resolve) => {
      // The program's time counts from its top level: a worker still parsing its own script on a busy
      // machine (a classroom laptop) is not the learner's fault. The worker itself gets a minute.
      let cancel = this.deadline(BUSY_CAP_MS, () =>
        this.finishStart({ ok: false, message: `The server worker did not start within ${BUSY_CAP_MS / 1000} s.` }),
      );
      this.loading = () => {
        cancel();
        cancel = this.deadline(timeoutMs, () =>
          this.finishStart({ ok: false, message: `The program did not finish starting within ${timeoutMs} ms.` }),
        );
      };
      this.starting = (outcome) => {
        cancel();
        this.loading = null;
        resolve(outcome);
      };
      this.post(
        { type: 'load', code, ...(clock ? { clock } : {}), ...(keepDatabases ? { keepDatabases } : {}), ...(database ? { database } : {}) },
        database ? [database] : [],
      );
    });
  }

  /** Sends a request; resolves with the response, or null when none came within `timeoutMs` or the process died. */
  request(request: WireRequest, timeoutMs: number): Promise<WireResponse | null> {
    if (this.dead) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const cancel = this.deadline(timeoutMs, () => settle(null));
      const settle = (response: WireResponse | null): void => {
        cancel();
        this.pending.delete(id);
        resolve(response);
      };
      this.pending.set(id, settle);
      this.post({ type: 'request', id, request }, request.body ? [request.body] : []);
    });
  }

  /** Tells the program a page socket `id` connected to `url` (with the upgrade headers a page the program served would send). */
  openSocket(id: number, url: string): void {
    if (!this.dead) this.post({ type: 'socket-open', id, url, headers: upgradeHeaders(url) });
  }

  /** Passes a socket message; resolves true once the program handled it, false when it did not within `timeoutMs` or the process died. */
  socketMessage(id: number, text: string, timeoutMs: number): Promise<boolean> {
    if (this.dead) return Promise.resolve(false);
    const seq = this.nextId++;
    return new Promise((resolve) => {
      const cancel = this.deadline(timeoutMs, () => settle(false));
      const settle = (handled: boolean): void => {
        cancel();
        this.handling.delete(seq);
        resolve(handled);
      };
      this.handling.set(seq, settle);
      this.post({ type: 'socket-message', id, seq, text });
    });
  }

  /** Has the worker serve its default database to a checks' copy on `port` (see ServerHost.serveDatabase). */
  serveDatabase(port: MessagePort, fresh: boolean): void {
    if (this.dead) return port.close();
    this.post({ type: 'serve-database', port, fresh }, [port]);
  }

  /** Has the worker drop the schema it served to the checks. */
  dropServedDatabase(): void {
    if (!this.dead) this.post({ type: 'drop-served-database' });
  }

  /** Tells the program the page's socket `id` closed. */
  socketClosed(id: number): void {
    if (!this.dead) this.post({ type: 'socket-closed', id });
  }

  /** Stops the worker at once, whatever it is doing; pending requests resolve with null. */
  terminate(): void {
    if (this.dead) return;
    this.dead = true;
    this.worker.terminate();
    this.finishStart({ ok: false, message: 'The program was stopped.' });
    for (const settle of [...this.pending.values()]) settle(null);
    for (const settle of [...this.handling.values()]) settle(false);
  }

  /**
   * Calls `expire` once `ms` of time not reported busy have passed; returns a cancel function. Busy time
   * pauses the clock rather than only holding it off: a database that took 4.9 s of a 5 s start to open
   * leaves the program its whole 5 s for what follows (creating its tables).
   */
  private deadline(ms: number, expire: () => void): () => void {
    const armed = Date.now();
    const busyBefore = this.busyTotal(armed);
    let timer: ReturnType<typeof setTimeout>;
    const check = (): void => {
      const now = Date.now();
      const end = armed + ms + (this.busyTotal(now) - busyBefore);
      const wait = Math.max(end, this.busyUntil) - now;
      if (wait > 0) timer = setTimeout(check, wait);
      else expire();
    };
    timer = setTimeout(check, ms);
    return () => clearTimeout(timer);
  }

  private post(message: ToServerWorker, transfer: Transferable[] = []): void {
    this.worker.port.postMessage(message, transfer);
  }

  /** The time this program has been busy so far, up to `now` (at most BUSY_CAP_MS). */
  private busyTotal(now: number): number {
    return this.busySpent + Math.max(0, Math.min(now, this.busyUntil) - this.busySince);
  }

  /** Holds the kill switch off for `ms` more (0: no more), within BUSY_CAP_MS per report and in total. */
  private busy(ms: number): void {
    const now = Date.now();
    this.busySpent = this.busyTotal(now);
    const grant = Math.min(Number.isFinite(ms) ? Math.max(0, ms) : 0, BUSY_CAP_MS - this.busySpent);
    this.busySince = now;
    this.busyUntil = now + Math.max(0, grant);
  }

  private answer(id: number, call: PgCall): void {
    this.events.call(call).then(
      ({ reply, transfer }) => !this.dead && this.post({ type: 'reply', id, reply }, transfer),
      (error: unknown) =>
        !this.dead &&
        this.post({ type: 'reply', id, reply: { ok: false, message: error instanceof Error ? error.message : String(error) } }),
    );
  }

  private finishStart(outcome: StartOutcome): void {
    const starting = this.starting;
    this.starting = null;
    starting?.(outcome);
  }

  private receive(message: FromServerWorker): void {
    if (this.dead) return;
    switch (message.type) {
      case 'response':
        this.pending.get(message.id)?.(message.response);
        break;
      case 'console':
        this.events.console(message.entry);
        break;
      case 'listen':
        this.events.listen(message.origin);
        break;
      case 'unlisten':
        this.events.unlisten(message.origin);
        break;
      case 'loading':
        this.loading?.();
        this.loading = null;
        break;
      case 'started':
        this.finishStart({ ok: true });
        break;
      case 'busy':
        this.busy(message.ms);
        break;
      case 'call':
        this.answer(message.id, message.call);
        break;
      case 'socket-send':
        this.events.socketSend(message.id, message.text);
        break;
      case 'socket-close':
        this.events.socketClose(message.id, message.code, message.reason);
        break;
      case 'socket-trace':
        this.events.socketTrace?.(message.id, message.trace);
        break;
      case 'socket-done':
        this.handling.get(message.seq)?.(true);
        break;
      case 'failed':
        this.finishStart({ ok: false, message: message.message, stack: message.stack });
        break;
    }
  }
}
