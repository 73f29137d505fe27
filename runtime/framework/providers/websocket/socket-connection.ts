/** What a host (the `ws` server on Node, a mocked socket in the playground) gives the provider for one open socket. */
export interface SocketTransport {
  /** Sends one text message. */
  send(text: string): void;
  /** Closes the socket with a WebSocket close code and a reason the client can read. */
  close(code: number, reason: string): void;
  /** Bytes sent but not yet taken by the network (a client that does not read makes it grow); absent where unknown. */
  bufferedBytes?(): number;
}

/** The upgrade request of a connection, as the host saw it. */
export interface SocketRequest {
  /** Path and query of the upgrade (`/ws?token=…`): browsers cannot set headers on a WebSocket, so tokens travel here. */
  url: string;
  /** Headers of the upgrade request (lower-case names). */
  headers: Record<string, string>;
  /** The client's IP address as the host saw it; absent where the host cannot tell. */
  remoteAddress?: string;
}

let nextId = 1;

/**
 * One client connection, as hooks, middleware (`req.serviceParams.connection`), publish filters and
 * the `connect` option see it: its id, the upgrade's path, query and headers, and `data` for whatever
 * the program keeps per connection (the user the connect hook found, the rooms it joined…).
 */
export class SocketConnection {
  /** A number unique in this process. */
  readonly id = nextId++;
  /** Free per-connection storage for the program. */
  readonly data: Record<string, unknown> = {};
  /** Path and query of the upgrade request. */
  readonly url: string;
  /** The upgrade's query parameters (the last value of a repeated name). */
  readonly query: Record<string, string>;
  /** Headers of the upgrade request (lower-case names). */
  readonly headers: Record<string, string>;
  /** The client's IP address (`''` when the host could not tell): what its service calls see as `req.remoteAddress`. */
  readonly remoteAddress: string;

  /** Wraps a host's socket; `afterSend` runs after every send (the provider's bound on unsent bytes). */
  constructor(
    /** The host's socket. */
    readonly transport: SocketTransport,
    request: SocketRequest,
    private readonly afterSend?: (connection: SocketConnection) => void,
  ) {
    this.url = request.url;
    this.headers = request.headers;
    this.remoteAddress = request.remoteAddress ?? '';
    this.query = Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
  }

  /** Sends `message` as JSON; under the provider's `maxBufferedBytes` like every message it sends (past it, the connection is closed). */
  send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  /** Sends JSON text as it is, under the same bound. */
  sendText(text: string): void {
    this.transport.send(text);
    this.afterSend?.(this);
  }
}
