import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { App } from '../framework/app.ts';
import { ResponseContext } from '../framework/response-context.ts';
import { NodeRequestContext } from './node-request-context.ts';

/** How long a SIGINT shutdown waits for in-flight requests before closing their connections. */
const SHUTDOWN_GRACE_MS = 5000;

/** Attaches to the Node server of every AppHttp (e.g. WebSocket upgrades); may return what close() runs first. */
export type ServerExtension = (server: Server, app: App) => (() => void) | undefined;

/** Serves an App over Node's http module. */
export class AppHttp {
  /** Attached to every server when it starts (runtime/node/index.ts installs the WebSocket provider's). */
  static readonly extensions: ServerExtension[] = [];
  /** The Node server, once started. */
  server: Server | null = null;
  private detachers: (() => void)[] = [];
  private host = '';
  private inFlight = 0;
  private stopping = false;
  private drained: (() => void) | null = null;

  /** Binds the adapter to `app`. */
  constructor(readonly app: App) {}

  /** `http://<host>:<port>` of the listening server, or `''` before it listens. */
  get uri(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') return '';
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${address.port}`;
  }

  /**
   * Freezes the routes and listens on `host:port` (port 0 picks a free one); resolves once listening.
   * The `HALO_PORT` environment variable, when set, replaces `port`, so that test runners and hosts
   * can run a program that names a fixed port on one of their choosing.
   */
  startServer(host = '127.0.0.1', port = 0): Promise<Server> {
    const override = process.env.HALO_PORT;
    if (override !== undefined && override !== '') port = Number(override);
    this.app.freeze();
    this.host = host;
    const server = createServer(this.handleRequest);
    this.server = server;
    this.detachers = AppHttp.extensions.flatMap((extend) => extend(server, this.app) ?? []);
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        process.once('SIGINT', this.onSigint);
        resolve(server);
      });
    });
  }

  /** Stops listening, closes idle connections, waits for in-flight requests, and closes the app. */
  async close(): Promise<void> {
    process.off('SIGINT', this.onSigint);
    const server = this.server;
    if (!server) return;
    this.stopping = true;
    // Upgraded sockets count as open connections: their owners close them, or server.close() would wait.
    for (const detach of this.detachers) detach();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    server.closeIdleConnections();
    await closed;
    clearTimeout(grace);
    await this.app.close();
    this.server = null;
  }

  /** Node's request listener: runs the app's pipeline and sends the buffered response. */
  readonly handleRequest = (im: IncomingMessage, sr: ServerResponse): void => {
    this.inFlight++;
    const req = new NodeRequestContext(im, this.app.bodyLimit);
    const res = new ResponseContext();
    const pending = this.app.handle(req, res);
    if (!pending) return this.send(req, sr, res);
    pending.then(
      () => this.send(req, sr, res),
      (error) => {
        this.sendFailure(sr, error);
        this.finished();
      },
    );
  };

  private send(req: NodeRequestContext, sr: ServerResponse, res: ResponseContext): void {
    try {
      const headers = res.headers;
      // The rest of a refused body is never read, so that connection cannot carry another request.
      if (req.abandonedBody || this.stopping) headers.connection = 'close';
      headers['content-length'] = String(Buffer.byteLength(res.body));
      sr.writeHead(res.statusCode, headers);
      sr.end(res.body);
    } catch (error) {
      this.sendFailure(sr, error);
    }
    this.finished();
  }

  private sendFailure(sr: ServerResponse, error: unknown): void {
    console.error('[halo] could not send the response:', error);
    if (!sr.headersSent) {
      sr.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      sr.end('500 Internal Server Error');
    } else {
      sr.destroy();
    }
  }

  private finished(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.drained) {
      this.drained();
      this.drained = null;
    }
  }

  private readonly onSigint = (): void => {
    console.log('\n[halo] SIGINT: finishing in-flight requests, then exiting.');
    this.close().then(
      () => process.exit(0),
      (error) => {
        console.error('[halo] shutdown failed:', error);
        process.exit(1);
      },
    );
  };
}
