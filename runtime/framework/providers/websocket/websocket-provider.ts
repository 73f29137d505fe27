import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { App } from '../../app.ts';
import { HttpException } from '../../http-exception.ts';
import type { ServiceChange } from '../../services/hooked-service.ts';
import { HookedService } from '../../services/hooked-service.ts';
import { Providers } from '../../services/providers.ts';
import type { ServiceMethod } from '../../services/service-event.ts';
import { callThroughAppAsJson } from '../service-call.ts';
import type { Tracer } from '../../tracing/tracer.ts';
import { TraceScope } from '../../tracing/tracer.ts';
import type { BusMessage } from './change-bus.ts';
import { RateLimiter, utf8Length } from './message-limits.ts';
import { originAllowed } from './origin-policy.ts';
import { SocketConnection } from './socket-connection.ts';
import type { SocketRequest, SocketTransport } from './socket-connection.ts';
import { resolveWebSocketOptions } from './websocket-options.ts';
import type { PublishFilter, ResolvedWebSocketOptions, WebSocketOptions } from './websocket-options.ts';

/** A client message: `{ "id": 1, "call": "todos.modify", "record": "7", "data": {…}, "query": {…} }`. */
interface CallMessage {
  /** The client's message id, echoed in the reply. */
  id?: unknown;
  /** `<service path>.<method>`. */
  call: string;
  /** The record id of read, modify, update and remove (absent: no id, as `DELETE /todos`). */
  record?: unknown;
  data?: unknown;
  query?: Record<string, unknown>;
}

/** WebSocket close codes the provider uses; a refusal by the connect hook closes with 4000 + its HTTP status (4401, 4403…). */
const CLOSE = { goingAway: 1001, policy: 1008, tooBig: 1009, refused: 4000 } as const;

/** What every connection receives when changes may have been missed (the change bus lost its connection): refetch what it shows. */
export const RESYNC_MESSAGE = { event: 'resync' } as const;

/** What a host gets back for one socket it handed to the provider. */
export interface SocketSession {
  /** Hands the provider one text message of the client; resolves once it is handled (replied to). `tracer` records the call. */
  receive(text: string, tracer?: Tracer): Promise<void>;
  /** Tells the provider the socket closed. */
  closed(): void;
  /** The connection as the program sees it. */
  connection: SocketConnection;
}

const providers = new WeakMap<App, WebSocketProvider>();
const DONE: Promise<void> = Promise.resolve();

/**
 * Exposes every service mounted on an App over WebSocket: a client calls a method with
 * `{ id, call: "todos.modify", record, data, query }` (`record`: the record id) and gets
 * `{ id, result }` or `{ id, error }` (the HttpException JSON a REST client would get). After every
 * successful create, modify, update and remove — by any client or server-side code — each
 * connection gets `{ event: "todos created", data }`, filtered by `params.publish` (set by a
 * hook: false, or a PublishFilter) and the `publish` option. A call runs through the
 * app exactly as the REST call would (routes, middleware, hooks), with `provider:
 * Providers.websocket` and `connection` in its params. Platform-neutral: a host hands each open
 * socket to `connect` (runtime/node does it with `ws`).
 */
export class WebSocketProvider {
  /** The upgrade path. */
  readonly path: string;
  /** The largest message in bytes. */
  readonly maxMessageBytes: number;
  private readonly options: ResolvedWebSocketOptions;
  /** Every open connection (closed when the app closes). */
  private readonly connections = new Set<SocketConnection>();
  /** The connections the connect hook admitted: those that receive changes. */
  private readonly subscribers = new Set<SocketConnection>();
  private watching = false;
  /** Tells this process's changes on the bus from those of other processes. */
  private readonly origin = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private listening: Promise<void> | undefined;
  /** True once the bus (if any) listens: calls no longer wait for ready(). */
  private listened = false;

  /** The provider configured for `app`, if any. */
  static of(app: App): WebSocketProvider | undefined {
    return providers.get(app);
  }

  /** Configures `app` for WebSocket clients (throws naming any option that is not valid); closes every connection when the app closes. */
  constructor(
    /** The app whose services are exposed. */
    readonly app: App,
    options?: WebSocketOptions,
  ) {
    this.options = resolveWebSocketOptions(options);
    this.path = this.options.path;
    this.maxMessageBytes = this.options.maxMessageBytes;
    providers.set(app, this);
    app.shutdownHooks.push(async () => {
      this.closeAll();
      await this.options.bus?.close();
    });
  }

  /**
   * Hosts call it when the app starts serving (its services are mounted): from then on every change
   * is published, to the bus too, whether or not a socket ever connects to this process.
   */
  start(): Promise<void> {
    this.watchServices();
    return this.ready();
  }

  /**
   * Resolves once the bus (if any) listens for other processes' changes; never rejects (a failure is
   * logged and the next call tries again). Hosts start it when they start; every call waits for it,
   * so a client that got a reply knows changes from other processes reach it.
   */
  ready(): Promise<void> {
    const bus = this.options.bus;
    if (!bus) {
      this.listened = true;
      return DONE;
    }
    this.listening ??= bus
      .subscribe(
        (message) => {
          if (message.origin !== this.origin) this.deliver(message.event, message.data, undefined);
        },
        () => this.resync(),
      )
      .then(
        () => void (this.listened = true),
        (error: unknown) => {
          this.listening = undefined;
          console.error('[halo] the WebSocket change bus could not listen:', error);
        },
      );
    return this.listening;
  }

  /**
   * Whether the upgrade `request` may open a socket: undefined when it may, else the 403 to answer.
   * Hosts check it before upgrading, so a refused page's request (and its cookies) reaches nothing.
   */
  refusal(request: SocketRequest): HttpException | undefined {
    const { origin, host } = request.headers;
    if (originAllowed(origin, host, this.options.allowedOrigins)) return undefined;
    return frameworkErrors.originNotAllowed(origin);
  }

  /**
   * Starts serving one open socket; the host passes every message to `receive` and calls `closed`
   * when it closes. The connection gets no event and no call runs before the connect hook admitted it.
   */
  connect(transport: SocketTransport, request: SocketRequest = { url: this.path, headers: {} }): SocketSession {
    this.watchServices();
    void this.ready();
    const connection = new SocketConnection(transport, request, this.checkBuffered);
    const limiter = new RateLimiter(this.options.rateLimit);
    this.connections.add(connection);
    // Set once the connect hook decided; until then messages wait for it, in order, one window's worth at most.
    let admission: boolean | undefined;
    const waiting: string[] = [];
    // Admission starts after connect returns: a host registers the session first, then sees any refusal close.
    const admitted = Promise.resolve()
      .then(() => this.admit(connection, request, waiting))
      .then((ok) => (admission ??= ok));
    return {
      connection,
      receive: (text, tracer) => {
        if (admission === true) return this.receive(connection, limiter, text, tracer);
        if (admission === false) return DONE;
        if (waiting.push(text) > this.options.rateLimit.messages) {
          admission = false;
          this.drop(connection, CLOSE.policy, 'Too many messages before the connection was admitted.');
          return DONE;
        }
        return admitted.then((ok) => (ok ? this.receive(connection, limiter, text, tracer) : undefined));
      },
      closed: () => {
        this.connections.delete(connection);
        this.release(connection);
      },
    };
  }

  /** Closes every connection (1001); the app's close() calls it. */
  closeAll(reason = 'The server is shutting down.'): void {
    for (const connection of this.connections) connection.transport.close(CLOSE.goingAway, reason);
    this.connections.clear();
    for (const connection of this.subscribers) this.release(connection);
  }

  /**
   * Runs the origin check and the connect hook; resolves whether the connection may go on. A refused one first answers
   * each call that waited for the decision with the refusal, then is closed with it.
   */
  private async admit(connection: SocketConnection, request: SocketRequest, waiting: string[]): Promise<boolean> {
    try {
      const refused = this.refusal(request);
      if (refused) throw refused;
      await this.options.connect?.(connection, request);
    } catch (error) {
      const refusal = HttpException.from(error);
      const code = refusal.statusCode >= 400 && refusal.statusCode < 1000 ? CLOSE.refused + refusal.statusCode : CLOSE.refused;
      const reply = JSON.stringify(refusal.toJson());
      for (const text of waiting)
        if (this.connections.has(connection)) connection.sendText(`{"id":${JSON.stringify(idOf(text))},"error":${reply}}`);
      this.drop(connection, code, closeReason(refusal.message));
      return false;
    }
    waiting.length = 0;
    this.subscribers.add(connection);
    // Closed while the hook ran: what it took is released all the same.
    if (this.connections.has(connection)) return true;
    this.release(connection);
    return false;
  }

  /** Forgets an admitted `connection` as a subscriber and runs the disconnect hook for it (once: later calls do nothing). */
  private release(connection: SocketConnection): void {
    if (!this.subscribers.delete(connection)) return;
    try {
      this.options.disconnect?.(connection);
    } catch (error) {
      console.error('[halo] the WebSocket disconnect hook failed:', error);
    }
  }

  private async receive(connection: SocketConnection, limiter: RateLimiter, text: string, tracer?: Tracer): Promise<void> {
    // A UTF-8 byte is at least a third of a UTF-16 unit: most messages need no count.
    const bytes = text.length * 3 <= this.maxMessageBytes ? -1 : utf8Length(text);
    if (bytes > this.maxMessageBytes) return this.drop(connection, CLOSE.tooBig, `Message too big: at most ${this.maxMessageBytes} bytes.`);
    const verdict = limiter.take();
    if (verdict === 'close') return this.drop(connection, CLOSE.policy, 'Too many messages.');
    let message: CallMessage;
    try {
      message = parseMessage(text);
      if (verdict === 'refuse') {
        throw frameworkErrors.tooManyMessages(this.options.rateLimit.messages, this.options.rateLimit.windowMs);
      }
    } catch (error) {
      return connection.sendText(JSON.stringify({ id: idOf(text), error: HttpException.from(error).toJson() }));
    }
    // Refusals above go out at once, in order, before a close for the same flood; calls wait for the bus.
    if (!this.listened) await this.ready();
    const id = JSON.stringify(message.id ?? null);
    try {
      const dot = message.call.lastIndexOf('.');
      const service = message.call.slice(0, dot);
      const method = message.call.slice(dot + 1) as ServiceMethod;
      if (dot <= 0) throw frameworkErrors.badCallName(message.call);
      const result = await callThroughAppAsJson(
        this.app,
        { service, method, id: message.record, data: message.data, query: message.query },
        { provider: Providers.websocket, connection, remoteAddress: connection.remoteAddress },
        connection.headers,
        // The data was decoded with the message: the call may read it as is.
        { text, bytes: bytes < 0 ? text.length * 3 : bytes },
        tracer ? new TraceScope(tracer, null) : null,
      );
      const reply = `{"id":${id},"result":${result}}`;
      tracer?.finish(200, reply);
      connection.sendText(reply);
    } catch (error) {
      const failure = HttpException.from(error);
      const reply = `{"id":${id},"error":${JSON.stringify(failure.toJson())}}`;
      tracer?.finish(failure.statusCode, reply);
      connection.sendText(reply);
    }
  }

  /** Closes `connection` with `code` and `reason` (once: a connection already closed is left alone). */
  private drop(connection: SocketConnection, code: number, reason: string): void {
    if (!this.connections.delete(connection)) return;
    this.release(connection);
    connection.transport.close(code, reason);
  }

  /** Closes `connection` (1008) when its client leaves more than `maxBufferedBytes` unread; runs after every send. */
  private readonly checkBuffered = (connection: SocketConnection): void => {
    const buffered = connection.transport.bufferedBytes?.() ?? 0;
    if (buffered > this.options.maxBufferedBytes) {
      this.drop(connection, CLOSE.policy, `Too slow: over ${this.options.maxBufferedBytes} bytes waiting to be sent (maxBufferedBytes).`);
    }
  };

  /** Tells every connection it may have missed changes. */
  private resync(): void {
    const text = JSON.stringify(RESYNC_MESSAGE);
    for (const connection of this.subscribers) connection.sendText(text);
  }

  /** Watches every service mounted on the app (once: the app is frozen when it serves). */
  private watchServices(): void {
    if (this.watching) return;
    this.watching = true;
    for (const [path, service] of this.app.services()) {
      if (service instanceof HookedService) service.watch((change) => this.publish(path.slice(1), change));
    }
  }

  private publish(service: string, change: ServiceChange): void {
    const event = `${service} ${change.eventName}`;
    const fromHooks = change.params.publish;
    if (fromHooks === false) return;
    this.deliver(event, change.result, fromHooks);
    if (this.options.bus && typeof fromHooks !== 'function') {
      const message: BusMessage = { origin: this.origin, event, data: change.result };
      this.options.bus
        .publish(message)
        .catch((error: unknown) => console.error(`[halo] could not share "${event}" on the change bus:`, error));
    }
  }

  /** Sends a change to every connection its filters let through (serialized once for all that get it unchanged). */
  private deliver(event: string, result: unknown, fromHooks: unknown): void {
    let unchanged: string | undefined;
    for (const connection of this.subscribers) {
      let data = result;
      for (const filter of [fromHooks, this.options.publish]) {
        if (typeof filter !== 'function') continue;
        const verdict = (filter as PublishFilter)(data, connection, event);
        if (verdict === undefined || verdict === null || verdict === false) {
          data = undefined;
          break;
        }
        if (verdict !== true) data = verdict;
      }
      if (data === undefined) continue;
      if (data === result) connection.sendText((unchanged ??= JSON.stringify({ event, data })));
      else connection.sendText(JSON.stringify({ event, data }));
    }
  }
}

/** Configures `app` for WebSocket clients (see WebSocketProvider). */
export function websocket(app: App, options?: WebSocketOptions): WebSocketProvider {
  return new WebSocketProvider(app, options);
}

function parseMessage(text: string): CallMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw frameworkErrors.malformedJsonMessage(error);
  }
  const message = value as Partial<CallMessage> | null;
  if (typeof message !== 'object' || message === null || Array.isArray(message) || typeof message.call !== 'string') {
    throw frameworkErrors.messageNotObject();
  }
  if (message.query !== undefined && (typeof message.query !== 'object' || message.query === null || Array.isArray(message.query))) {
    throw frameworkErrors.queryNotObject();
  }
  return message as CallMessage;
}

/** A close reason fits in 123 bytes (the frame's limit); a longer message is cut. */
function closeReason(message: string): string {
  if (utf8Length(message) <= 123) return message;
  let cut = message.slice(0, 120);
  while (utf8Length(cut) > 120) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** The id of a message that could not be read, when it can still be found, so the client can match the error. */
function idOf(text: string): unknown {
  try {
    const value = JSON.parse(text) as { id?: unknown } | null;
    return typeof value === 'object' && value !== null ? (value.id ?? null) : null;
  } catch {
    return null;
  }
}
