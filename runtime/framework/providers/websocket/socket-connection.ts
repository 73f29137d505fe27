/** What a host (the `ws` server on Node, a mocked socket in the playground) gives the provider for one open socket. */
export interface SocketTransport {
  /** Sends one text message. */
  send(text: string): void;
  /** Closes the socket with a WebSocket close code and a reason the client can read. */
  close(code: number, reason: string): void;
}

let nextId = 1;

/**
 * One client connection, as hooks, middleware (`req.serviceParams.connection`) and publish filters
 * see it: its id, the headers of the upgrade request, and `data` for whatever the program keeps
 * per connection (the user a login call found, the rooms it joined…).
 */
export class SocketConnection {
  /** A number unique in this process. */
  readonly id = nextId++;
  /** Free per-connection storage for the program. */
  readonly data: Record<string, unknown> = {};

  /** Wraps a host's socket. */
  constructor(
    /** The host's socket. */
    readonly transport: SocketTransport,
    /** Headers of the upgrade request (lower-case names). */
    readonly headers: Record<string, string>,
  ) {}

  /** Sends `message` as JSON. */
  send(message: unknown): void {
    this.transport.send(JSON.stringify(message));
  }
}
