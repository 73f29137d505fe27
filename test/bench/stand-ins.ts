import { EventEmitter } from 'node:events';
import type { Workload } from './workloads.ts';

/** What a request listener reads of Node's IncomingMessage; the caller emits the body once the listeners are on. */
export class StandInRequest extends EventEmitter {
  readonly headers: Record<string, string>;
  readonly socket = {};
  constructor(
    readonly method: string,
    readonly url: string,
    w: Workload,
  ) {
    super();
    this.headers = w.body ? { ...w.headers, 'content-length': String(Buffer.byteLength(w.body)) } : {};
  }
}

/** What a request listener calls on Node's ServerResponse; keeps the last body sent, drops the rest. */
export class StandInResponse {
  readonly headersSent = false;
  readonly destroyed = false;
  /** The body of the last response ended. */
  sent = '';

  /** Takes the status and headers and drops them. */
  writeHead(): void {}

  /** Keeps `body` as the last body sent. */
  end(body?: string): void {
    this.sent = body ?? '';
  }
}
