import type { ChangeBus } from './change-bus.ts';
import type { RateLimit } from './message-limits.ts';
import type { SocketConnection, SocketRequest } from './socket-connection.ts';

/**
 * Decides what one connection receives of a change: `undefined`, `null` or `false` sends nothing,
 * `true` sends `data` as it is, any other value is sent instead of it.
 */
export type PublishFilter = (data: unknown, connection: SocketConnection, event: string) => unknown;

/**
 * Runs once per connection before its first call and before it receives any event: keep what it
 * finds on `connection.data`; throw (an HttpException, e.g. 401) to refuse the connection.
 */
export type ConnectHook = (connection: SocketConnection, request: SocketRequest) => unknown;

/** Options of the WebSocket provider (docs/framework.md, "WebSocket and GraphQL providers", lists each with its default). */
export interface WebSocketOptions {
  /** The path the HTTP server upgrades to WebSocket. Default `/ws`. */
  path?: string;
  /** The largest message a client may send, in bytes; a larger one closes the connection (1009). Default 64 KiB. */
  maxMessageBytes?: number;
  /** Bytes a connection may have waiting to be sent (a client that does not read); past them it is closed (1008). Default 4 MiB. */
  maxBufferedBytes?: number;
  /** Messages per connection and window. Default `{ messages: 100, windowMs: 1000 }`. */
  rateLimit?: RateLimit;
  /** Filters every change for every connection (after any `params.publish` of the call), also changes from other processes. */
  publish?: PublishFilter;
  /** Authenticates (or refuses) each connection before its first call. */
  connect?: ConnectHook;
  /** Runs once when a connection the connect hook admitted closes, whichever side closed it: releases what connect took. */
  disconnect?: (connection: SocketConnection) => void;
  /**
   * Origins (`https://app.example.com`) whose pages may open a socket, besides pages of the server's
   * own host (always allowed); `'*'` allows every origin. Default: the own host only.
   */
  allowedOrigins?: readonly string[] | '*';
  /**
   * Shares changes with the other processes of the program (e.g. pgChangeBus on Node: PostgreSQL
   * LISTEN/NOTIFY). A change whose hooks set a `params.publish` function stays in its process, as
   * the function cannot travel: filter with the `publish` option for changes that must scale out.
   */
  bus?: ChangeBus;
}

/** The options with their defaults filled in. */
export type ResolvedWebSocketOptions = Required<
  Pick<WebSocketOptions, 'path' | 'maxMessageBytes' | 'maxBufferedBytes' | 'rateLimit' | 'allowedOrigins'>
> &
  Pick<WebSocketOptions, 'publish' | 'connect' | 'disconnect' | 'bus'>;

/** Each option's accepted shape, as the errors name it. */
const SHAPES: Record<keyof WebSocketOptions, string> = {
  path: 'a string starting with "/"',
  maxMessageBytes: 'a positive integer (bytes)',
  maxBufferedBytes: 'a positive integer (bytes)',
  rateLimit: '{ messages: positive integer, windowMs: positive integer }',
  publish: 'a function (data, connection, event) => data | boolean',
  connect: 'a function (connection, request) => void | Promise<void>',
  disconnect: 'a function (connection) => void',
  allowedOrigins: '"*" or an array of origins such as "https://app.example.com"',
  bus: 'a ChangeBus: { publish, subscribe, close } functions',
};

const isPositiveInteger = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) > 0;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `value` is not a valid `key`, or '' when it is. */
function problem(key: keyof WebSocketOptions, value: unknown): string {
  switch (key) {
    case 'path':
      return typeof value === 'string' && value.startsWith('/') ? '' : 'wrong type or form';
    case 'maxMessageBytes':
    case 'maxBufferedBytes':
      return isPositiveInteger(value) ? '' : 'wrong type or value';
    case 'rateLimit': {
      if (!isObject(value)) return 'wrong type';
      const unknown = Object.keys(value).filter((part) => part !== 'messages' && part !== 'windowMs');
      if (unknown.length > 0) return `unknown part ${unknown.map((part) => `"${part}"`).join(', ')}`;
      for (const part of ['messages', 'windowMs']) {
        if (value[part] === undefined) return `missing part "${part}"`;
        if (!isPositiveInteger(value[part])) return `"${part}" is not a positive integer`;
      }
      return '';
    }
    case 'publish':
    case 'connect':
    case 'disconnect':
      return typeof value === 'function' ? '' : 'wrong type';
    case 'allowedOrigins':
      if (value === '*') return '';
      if (!Array.isArray(value)) return 'wrong type';
      for (const origin of value) if (typeof origin !== 'string' || !isOrigin(origin)) return `${JSON.stringify(origin)} is not an origin`;
      return '';
    case 'bus':
      return isObject(value) && ['publish', 'subscribe', 'close'].every((method) => typeof value[method] === 'function')
        ? ''
        : 'wrong type';
  }
}

/** `scheme://host[:port]` and nothing more: what a browser sends in `Origin`. */
function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/** Checks every option (throwing an error that names the key and its accepted shape) and fills in the defaults. */
export function resolveWebSocketOptions(options: unknown = {}): ResolvedWebSocketOptions {
  if (!isObject(options)) throw new TypeError(`websocket(app, options): options must be an object, got ${JSON.stringify(options)}.`);
  for (const [key, value] of Object.entries(options)) {
    if (!(key in SHAPES))
      throw new TypeError(`websocket(app, options): unknown option "${key}". Known options: ${Object.keys(SHAPES).join(', ')}.`);
    const name = key as keyof WebSocketOptions;
    if (value === undefined) continue;
    const why = problem(name, value);
    if (why) throw new TypeError(`websocket(app, options): "${key}" ${why}, got ${describe(value)}; it must be ${SHAPES[name]}.`);
  }
  const given = options as WebSocketOptions;
  return {
    path: given.path ?? '/ws',
    maxMessageBytes: given.maxMessageBytes ?? 64 * 1024,
    maxBufferedBytes: given.maxBufferedBytes ?? 4 * 1024 * 1024,
    rateLimit: given.rateLimit ?? { messages: 100, windowMs: 1000 },
    allowedOrigins: given.allowedOrigins ?? [],
    publish: given.publish,
    connect: given.connect,
    disconnect: given.disconnect,
    bus: given.bus,
  };
}

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
