/** The WebSocket class a check runner uses: the page's (routed to the program by the playground) or `ws` on Node. */
export type WebSocketClass = new (url: string) => WebSocket;

/** How a check's connection closed. */
export interface SocketClose {
  code: number;
  reason: string;
}

/**
 * One WebSocket connection of a check: keeps every text message in arrival order so a step can wait
 * for the next one that matches, whenever it asks.
 */
export class CheckSocket {
  /** Every message received, in order. */
  readonly received: string[] = [];
  /** How the socket closed, once it did. */
  closed: SocketClose | null = null;
  private read = 0;
  private wake: (() => void) | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      this.received.push(String(event.data));
      this.wake?.();
    });
    socket.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake?.();
    });
  }

  /** Opens a connection to `url`; rejects when it closes (or `signal` aborts) before opening. */
  static open(WebSocketImpl: WebSocketClass, url: string, signal: AbortSignal): Promise<CheckSocket> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocketImpl(url);
      const connection = new CheckSocket(socket);
      const fail = (why: string): void => {
        socket.close();
        reject(new Error(why));
      };
      signal.addEventListener('abort', () => fail('it timed out'), { once: true });
      // A refused upgrade (404 on Node) is an error event first; `ws` throws it when nobody listens.
      socket.addEventListener('error', () => fail('the server refused the connection'), { once: true });
      socket.addEventListener('open', () => resolve(connection), { once: true });
      socket.addEventListener('close', (event) => fail(`it closed with ${event.code}${event.reason ? ` (${event.reason})` : ''}`), {
        once: true,
      });
    });
  }

  /** The next unread message (parsed JSON) for which `accept` is true; earlier unread ones are skipped. Null when the socket closed or `signal` aborted first. */
  async next(accept: (message: unknown) => boolean, signal: AbortSignal): Promise<unknown> {
    for (;;) {
      while (this.read < this.received.length) {
        const message = parse(this.received[this.read++]);
        if (accept(message)) return message;
      }
      if (this.closed || signal.aborted) return null;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      this.wake = null;
    }
  }

  /** Sends `message` as JSON text. */
  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Closes the connection. */
  close(): void {
    this.socket.close();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
