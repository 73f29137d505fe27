import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { App } from '../../app.ts';
import { HttpException } from '../../http-exception.ts';
import type { ServiceChange } from '../../services/hooked-service.ts';
import { HookedService } from '../../services/hooked-service.ts';
import { Providers } from '../../services/providers.ts';
import type { ServiceMethod } from '../../services/service-event.ts';
import { callThroughApp } from '../service-call.ts';
import type { BusMessage, ChangeBus } from './change-bus.ts';
import type { RateLimit } from './message-limits.ts';
import { RateLimiter, utf8Length } from './message-limits.ts';
import { SocketConnection } from './socket-connection.ts';
import type { SocketTransport } from './socket-connection.ts';

/**
 * Decides what one connection receives of a change: `undefined`, `null` or `false` sends nothing,
 * `true` sends `data` as it is, any other value is sent instead of it.
 */
export type PublishFilter = (data: unknown, connection: SocketConnection, event: string) => unknown;

/** Options of the WebSocket provider. */
export interface WebSocketOptions {
  /** The path the HTTP server upgrades to WebSocket. Default `/ws`. */
  path?: string;
  /** The largest message a client may send, in bytes; a larger one closes the connection (1009). Default 64 KiB. */
  maxMessageBytes?: number;
  /** Messages per connection and window. Default 100 per second. */
  rateLimit?: RateLimit;
  /** Filters every change for every connection (after any `params.publish` of the call), also changes from other processes. */
  publish?: PublishFilter;
  /**
   * Shares changes with the other processes of the program (e.g. pgChangeBus on Node: PostgreSQL
   * LISTEN/NOTIFY). A change whose hooks set a `params.publish` function stays in its process, as
   * the function cannot travel: filter with the `publish` option for changes that must scale out.
   */
  bus?: ChangeBus;
}

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

/** WebSocket close codes the provider uses. */
const CLOSE = { goingAway: 1001, policy: 1008, tooBig: 1009 } as const;

const providers = new WeakMap<App, WebSocketProvider>();

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
  private readonly rateLimit: RateLimit;
  private readonly connections = new Set<SocketConnection>();
  private watching = false;
  /** Tells this process's changes on the bus from those of other processes. */
  private readonly origin = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private listening: Promise<void> | undefined;

  /** The provider configured for `app`, if any. */
  static of(app: App): WebSocketProvider | undefined {
    return providers.get(app);
  }

  /** Configures `app` for WebSocket clients; closes every connection when the app closes. */
  constructor(
    /** The app whose services are exposed. */
    readonly app: App,
    private readonly options: WebSocketOptions = {},
  ) {
    this.path = options.path ?? '/ws';
    this.maxMessageBytes = options.maxMessageBytes ?? 64 * 1024;
    this.rateLimit = options.rateLimit ?? { messages: 100, windowMs: 1000 };
    providers.set(app, this);
    app.shutdownHooks.push(async () => {
      this.closeAll();
      await options.bus?.close();
    });
  }

  /**
   * Resolves once the bus (if any) listens for other processes' changes; never rejects (a failure is
   * logged and the next call tries again). Hosts start it when they start; every call waits for it,
   * so a client that got a reply knows changes from other processes reach it.
   */
  ready(): Promise<void> {
    const bus = this.options.bus;
    this.listening ??= bus
      ? bus
          .subscribe((message) => {
            if (message.origin !== this.origin) this.deliver(message.event, message.data, undefined);
          })
          .catch((error: unknown) => {
            this.listening = undefined;
            console.error('[halo] the WebSocket change bus could not listen:', error);
          })
      : Promise.resolve();
    return this.listening;
  }

  /** Starts serving one open socket; the host passes every message to `receive` and calls `closed` when it closes. */
  connect(transport: SocketTransport, headers: Record<string, string> = {}): { receive(text: string): Promise<void>; closed(): void; connection: SocketConnection } {
    this.watchServices();
    void this.ready();
    const connection = new SocketConnection(transport, headers);
    const limiter = new RateLimiter(this.rateLimit);
    this.connections.add(connection);
    return {
      connection,
      receive: (text) => this.receive(connection, limiter, text),
      closed: () => void this.connections.delete(connection),
    };
  }

  /** Closes every connection (1001); the app's close() calls it. */
  closeAll(reason = 'The server is shutting down.'): void {
    for (const connection of this.connections) connection.transport.close(CLOSE.goingAway, reason);
    this.connections.clear();
  }

  private async receive(connection: SocketConnection, limiter: RateLimiter, text: string): Promise<void> {
    if (utf8Length(text) > this.maxMessageBytes) return this.drop(connection, CLOSE.tooBig, `Message too big: at most ${this.maxMessageBytes} bytes.`);
    const verdict = limiter.take();
    if (verdict === 'close') return this.drop(connection, CLOSE.policy, 'Too many messages.');
    let message: CallMessage;
    try {
      message = parseMessage(text);
      if (verdict === 'refuse') {
        throw frameworkErrors.tooManyMessages(this.rateLimit.messages, this.rateLimit.windowMs);
      }
    } catch (error) {
      return connection.send({ id: idOf(text), error: HttpException.from(error).toJson() });
    }
    // Refusals above go out at once, in order, before a close for the same flood; calls wait for the bus.
    await this.ready();
    try {
      const dot = message.call.lastIndexOf('.');
      const service = message.call.slice(0, dot);
      const method = message.call.slice(dot + 1) as ServiceMethod;
      if (dot <= 0) throw frameworkErrors.badCallName(message.call);
      const result = await callThroughApp(
        this.app,
        { service, method, id: message.record, data: message.data, query: message.query },
        { provider: Providers.websocket, connection },
        connection.headers,
      );
      connection.send({ id: message.id ?? null, result });
    } catch (error) {
      connection.send({ id: message.id ?? null, error: HttpException.from(error).toJson() });
    }
  }

  private drop(connection: SocketConnection, code: number, reason: string): void {
    this.connections.delete(connection);
    connection.transport.close(code, reason);
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
      this.options.bus.publish(message).catch((error: unknown) => console.error(`[halo] could not share "${event}" on the change bus:`, error));
    }
  }

  /** Sends a change to every connection its filters let through. */
  private deliver(event: string, result: unknown, fromHooks: unknown): void {
    for (const connection of this.connections) {
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
      if (data !== undefined) connection.send({ event, data });
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

/** The id of a message that could not be read, when it can still be found, so the client can match the error. */
function idOf(text: string): unknown {
  try {
    const value = JSON.parse(text) as { id?: unknown } | null;
    return typeof value === 'object' && value !== null ? (value.id ?? null) : null;
  } catch {
    return null;
  }
}
