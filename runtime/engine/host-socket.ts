import type { SocketClass } from '../contract/engine-api.ts';
import type { ClientSocket, ServerHost } from '../server-worker/host/server-host.ts';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/**
 * A WebSocket class whose connections go straight to the program of a host (the checks' copy), without msw:
 * what msw does for the page's WebSockets to the learner's program, in the part of the WebSocket interface the
 * check runner uses (`addEventListener` for open, message and close; `send`; `close`; `readyState`). It opens
 * on the next task, or at the program's first message, unless the host refused it before (no program
 * listening: 1013), as a page socket through msw does.
 */
export function hostSocketClass(host: () => Pick<ServerHost, 'openSocket'>): SocketClass {
  class HostSocket extends EventTarget {
    readyState = CONNECTING;
    readonly url: string;
    private readonly client: ClientSocket;

    constructor(url: string) {
      super();
      this.url = new URL(url).href;
      this.client = host().openSocket(this.url, {
        send: (text) => {
          this.open();
          if (this.readyState === OPEN) this.dispatchEvent(new MessageEvent('message', { data: text }));
        },
        close: (code, reason) => this.finish(code, reason),
      });
      setTimeout(() => this.open());
    }

    /** Sends a text message to the program. */
    send(text: string): void {
      if (this.readyState === CONNECTING) throw new DOMException('Still in CONNECTING state.', 'InvalidStateError');
      if (this.readyState === OPEN) this.client.send(text);
    }

    /** Closes the connection: the program forgets it, and a close event follows. */
    close(code = 1000, reason = ''): void {
      if (this.readyState === CLOSED) return;
      this.client.close();
      this.finish(code, reason);
    }

    private open(): void {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.dispatchEvent(new Event('open'));
    }

    private finish(code: number, reason: string): void {
      if (this.readyState === CLOSED) return;
      this.readyState = CLOSED;
      // Later, as a browser's close event: whoever closed it has returned first.
      setTimeout(() => this.dispatchEvent(new CloseEvent('close', { code, reason, wasClean: true })));
    }
  }
  // The runner's part of the interface (above), not the whole of WebSocket's.
  return HostSocket as unknown as SocketClass;
}
