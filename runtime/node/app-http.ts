import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { App } from '../framework/app.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import { ResponseContext } from '../framework/response-context.ts';
import { answerClientError } from './client-error.ts';
import { DEFAULT_LINGER, lingerOnClose } from './linger.ts';
import type { AppHttpOptions, LingerLimits, MultipartLimits } from '../framework/server-options.ts';
import { DEFAULT_MULTIPART_LIMITS, NodeRequestContext } from './node-request-context.ts';
import { unwatchProcess, watchProcess } from './process-hooks.ts';
import { attachWebSockets } from './websocket-server.ts';
import { TRACE_HEADER, encodeTraceHeader } from '../framework/tracing/trace-header.ts';
import { Tracer, TraceScope } from '../framework/tracing/tracer.ts';
import type { RequestTrace } from '../framework/tracing/trace-data.ts';
import { locateInNodeStack } from './node-locate.ts';
import { formatTrace } from './print-trace.ts';
import { serverTiming } from './server-timing.ts';
import type { TraceMode } from './trace-mode.ts';
import { traceModeOf } from './trace-mode.ts';

/** How long a SIGINT shutdown waits for in-flight requests before closing their connections. */
const SHUTDOWN_GRACE_MS = 5000;

/** Node's errors for a response the app built wrongly; their messages say what was wrong. */
const INVALID_RESPONSE_CODES = new Set([
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_HTTP_INVALID_STATUS_CODE',
]);

/** Serves an App over Node's http module. */
export class AppHttp {
  /** The Node server, once started. */
  server: Server | null = null;
  private detachers: (() => void)[] = [];
  private host = '';
  private inFlight = 0;
  private stopping = false;
  private drained: (() => void) | null = null;
  private readonly multipart: MultipartLimits;
  private readonly linger: LingerLimits;
  /** What `HALO_TRACE` asks for; null (the default) traces nothing. */
  private readonly tracing: TraceMode | null = traceModeOf(process.env.HALO_TRACE);
  /** Traced requests that asked for their trace in the `x-halo-trace` header. */
  private readonly traceWanted = new WeakSet<NodeRequestContext>();

  /** Binds the adapter to `app`, with the server limits in `options` (and `HALO_TRACE` from the environment, see trace-mode.ts). */
  constructor(
    readonly app: App,
    private readonly options: AppHttpOptions = {},
  ) {
    this.multipart = { ...DEFAULT_MULTIPART_LIMITS, ...options.multipart };
    this.linger = { ...DEFAULT_LINGER, ...options.linger };
  }

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
    const server = this.createServer();
    this.server = server;
    // Apps configured with websocket(app) upgrade on the provider's path.
    const detachSockets = attachWebSockets(server, this.app, this.tracing?.print ? printTrace : undefined);
    this.detachers = detachSockets ? [detachSockets] : [];
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        watchProcess(this);
        resolve(server);
      });
    });
  }

  /**
   * For a Node server the program made itself (one that serves other things too and passes the app's requests to
   * `handleRequest`): freezes the routes and hands the server's WebSocket upgrades on the provider's path to the
   * app. Returns what detaches them and closes the app's sockets; the program closes its server and the app.
   */
  attachTo(server: Server): () => void {
    this.app.freeze();
    const detach = attachWebSockets(server, this.app, this.tracing?.print ? printTrace : undefined);
    return () => detach?.();
  }

  /** Stops listening, closes idle connections, waits for in-flight requests, and closes the app. */
  async close(): Promise<void> {
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
    unwatchProcess(this);
  }

  private createServer(): Server {
    const o = this.options;
    const requestTimeout = o.requestTimeout ?? 60_000;
    // Node refuses a headers timeout longer than the request timeout (0 turns a timeout off).
    const wantedHeadersTimeout = o.headersTimeout ?? 20_000;
    const headersTimeout = requestTimeout > 0 ? Math.min(wantedHeadersTimeout, requestTimeout) : wantedHeadersTimeout;
    const maxHeaderSize = o.maxHeaderSize ?? 16 * 1024;
    const shortest = Math.min(...[headersTimeout, requestTimeout].map((t) => (t > 0 ? t : Infinity)));
    const server = createServer(
      {
        requestTimeout,
        maxHeaderSize,
        keepAliveTimeout: o.keepAliveTimeout ?? 5000,
        // Node enforces both timeouts only when it checks (every 30 s by default): check often enough
        // that a short timeout holds roughly.
        connectionsCheckingInterval: Math.min(30_000, Math.max(100, shortest / 4)),
      },
      this.handleRequest,
    );
    server.headersTimeout = headersTimeout;
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
      answerClientError(error, socket, { maxHeaderSize, linger: this.linger }),
    );
    return server;
  }

  /** Node's request listener: runs the app's pipeline and sends the buffered response. */
  readonly handleRequest = (im: IncomingMessage, sr: ServerResponse): void => {
    this.inFlight++;
    const req = new NodeRequestContext(im, this.app.bodyLimit, this.multipart);
    const res = new ResponseContext();
    if (this.tracing) this.startTrace(im, req, this.tracing);
    let pending;
    try {
      pending = this.app.handle(req, res);
    } catch (error) {
      // handle() wraps what handlers throw; this is for what escapes error handling itself.
      return this.fail(sr, error);
    }
    if (!pending) return this.send(req, sr, res);
    pending.then(
      () => this.send(req, sr, res),
      (error) => this.fail(sr, error),
    );
  };

  /** Traces `req` when the mode traces every request, or it asks for its trace in the header (taken off before the program sees it). */
  private startTrace(im: IncomingMessage, req: NodeRequestContext, mode: TraceMode): void {
    const asked = mode.header && im.headers[TRACE_HEADER] !== undefined;
    if (asked) {
      // Both views of the headers the program may read (req.header() reads one, req.headers the other).
      delete im.headers[TRACE_HEADER];
      delete im.headersDistinct[TRACE_HEADER];
      this.traceWanted.add(req);
    }
    if (asked || mode.print || mode.timing) req.trace = new TraceScope(new Tracer(req.method, req.path), null);
  }

  /** Ends the trace of `req`: prints it, and adds the headers its mode asks for. */
  private endTrace(req: NodeRequestContext, res: ResponseContext, scope: TraceScope, mode: TraceMode): void {
    scope.tracer.finish(res.statusCode, res.body);
    const trace = scope.tracer.toTrace(locateInNodeStack);
    if (mode.timing) res.headers['server-timing'] = serverTiming(trace);
    if (this.traceWanted.has(req)) res.headers[TRACE_HEADER] = encodeTraceHeader(trace);
    if (mode.print) printTrace(trace);
  }

  private send(req: NodeRequestContext, sr: ServerResponse, res: ResponseContext): void {
    try {
      if (req.trace && this.tracing) this.endTrace(req, res, req.trace, this.tracing);
      const headers = res.headers;
      // A refused body is never read to its end, so that connection cannot carry another request; it
      // closes once the client had time to read the refusal.
      if (req.abandonedBody) lingerOnClose(req.raw.socket, this.linger);
      if (req.abandonedBody || this.stopping) headers.connection = 'close';
      const status = res.statusCode;
      if (status === 204 || status === 304) {
        delete headers['content-length'];
        sr.writeHead(status, headers);
        sr.end();
      } else {
        headers['content-length'] = String(Buffer.byteLength(res.body));
        sr.writeHead(status, headers);
        sr.end(res.body);
      }
    } catch (error) {
      this.sendFailure(sr, error);
    }
    this.finished();
  }

  private fail(sr: ServerResponse, error: unknown): void {
    this.sendFailure(sr, error);
    this.finished();
  }

  // The last resort, when the app's own error handling could not produce a response; e.g. a header
  // value with CR/LF copied from user input: a programming error, so 500 (saying which header), and
  // Node refuses the header before anything is written, so the response can never be split.
  private sendFailure(sr: ServerResponse, error: unknown): void {
    console.error('[halo] could not send the response:', error);
    if (sr.headersSent || sr.destroyed) return void sr.destroy();
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const detail = code && INVALID_RESPONSE_CODES.has(code) ? (error as Error).message : '';
    const body = JSON.stringify(frameworkErrors.responseNotSent(detail).toJson());
    sr.writeHead(500, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    sr.end(body);
  }

  private finished(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.drained) {
      this.drained();
      this.drained = null;
    }
  }
}

function printTrace(trace: RequestTrace): void {
  console.log(formatTrace(trace));
}
