import { WebSocket } from 'ws';

/** A test WebSocket client that keeps every message and waits for one that matches. */
export interface SocketClient {
  ws: WebSocket;
  messages: Record<string, unknown>[];
  send(message: unknown): void;
  /** Sends a call `{ id, call, … }` and resolves with the reply of that id. */
  call(call: string, fields?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The first message (already received or still to come) that `match` accepts. */
  next(match: (message: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with the close code and reason once the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

let ids = 0;

/** Opens a WebSocket to `url` (http:// URLs become ws://), from `localAddress` when given, and resolves once it is open. */
export async function openSocket(url: string, headers: Record<string, string> = {}, localAddress?: string): Promise<SocketClient> {
  const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers, ...(localAddress ? { localAddress } : {}) });
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next: SocketClient['next'] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
        timeoutMs,
      );
      const look = (): void => {
        const found = messages.find(match);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(look);
      };
      look();
    });
  return {
    ws,
    messages,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    call(call, fields = {}) {
      const id = ++ids;
      ws.send(JSON.stringify({ id, call, ...fields }));
      return next((m) => m.id === id);
    },
    next,
    close: () => ws.close(),
  };
}
