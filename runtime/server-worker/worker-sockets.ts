import type { App } from '../framework/app.ts';
import { WebSocketProvider } from '../framework/providers/websocket/websocket-provider.ts';
import { joinPaths } from '../framework/routing/path-pattern.ts';
import { PAGE_ADDRESS, socketOrigin } from '../contract/program-origin.ts';
import type { FromServerWorker } from '../contract/server-worker-protocol.ts';
import type { Locate } from '../framework/source-site.ts';
import { encodeTraceHeader } from '../framework/tracing/trace-header.ts';
import { Tracer } from '../framework/tracing/tracer.ts';

/** What the provider returns for one connection. */
type Session = ReturnType<WebSocketProvider['connect']>;

/** The close code for a socket to a path without a WebSocket endpoint (Node answers its upgrade with 404). */
const NO_ENDPOINT = 4404;

/**
 * The server worker's side of the page's WebSocket connections: each one the page opens is handed
 * to the WebSocket provider of the app listening on its origin, exactly as runtime/node hands it a
 * `ws` socket; what the provider sends and its closes go back to the page by connection id. Every
 * call is traced, and its trace follows the reply (for the request panel's log).
 */
export class WorkerSockets {
  private readonly sessions = new Map<number, Session>();

  /** Serves the apps of `apps` (by origin) and posts to the page with `send`. */
  constructor(
    private readonly apps: ReadonlyMap<string, App>,
    private readonly send: (message: FromServerWorker) => void,
    /** Finds the program's file and line in a stack (the program's source map); without it, traces name no lines. */
    private readonly locate?: Locate,
  ) {}

  /** A page socket connected to `url`: the provider of the app on its origin takes it, or it is closed (4404). */
  open(id: number, url: string, headers: [string, string][]): void {
    const app = this.apps.get(socketOrigin(url));
    const provider = app && WebSocketProvider.of(app);
    const { pathname: path, search } = new URL(url);
    if (!provider || joinPaths('', path) !== joinPaths('', provider.path)) {
      const reason = provider
        ? `No WebSocket endpoint at ${path}: the program serves WebSocket at ${provider.path}.`
        : `No WebSocket endpoint at ${path}: call websocket(app) in the program.`;
      this.send({ type: 'socket-close', id, code: NO_ENDPOINT, reason });
      return;
    }
    const session = provider.connect(
      {
        send: (text) => this.sessions.has(id) && this.send({ type: 'socket-send', id, text }),
        close: (code, reason) => {
          if (this.sessions.delete(id)) this.send({ type: 'socket-close', id, code, reason });
        },
      },
      { url: path + search, headers: Object.fromEntries(headers), remoteAddress: PAGE_ADDRESS },
    );
    this.sessions.set(id, session);
  }

  /** Passes a message to its connection's provider; resolves once the provider handled it (replied). */
  async message(id: number, text: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    const tracer = new Tracer('WS', new URL(session.connection.url, 'http://localhost').pathname);
    await session.receive(text, tracer);
    const trace = tracer.toTrace(this.locate);
    if (trace.steps.length > 0 && this.sessions.has(id)) this.send({ type: 'socket-trace', id, trace: encodeTraceHeader(trace) });
  }

  /** The page's socket closed. */
  closed(id: number): void {
    this.sessions.get(id)?.closed();
    this.sessions.delete(id);
  }
}
