import type { App } from '../framework/app.ts';
import type { AppHttpOptions } from '../framework/server-options.ts';
import { programHost } from './program-host.ts';

/** Lowest and highest port handed out for `port = 0`, like an operating system's ephemeral range. */
const EPHEMERAL_FIRST = 49152;
const EPHEMERAL_LAST = 65535;
let nextEphemeral = EPHEMERAL_FIRST;

/** Serves an App inside the Halo playground: `http://<host>:<port>/…` requests of the page reach it. */
export class AppHttp {
  private origin = '';

  /**
   * Binds the adapter to `app`. `options` are the Node server's limits, accepted so that a program runs
   * unchanged in both places; the playground opens no sockets, so they change nothing here.
   */
  constructor(
    readonly app: App,
    readonly options: AppHttpOptions = {},
  ) {}

  /** `http://<host>:<port>` the app answers on, or `''` before it is started. */
  get uri(): string {
    return this.origin;
  }

  /**
   * Freezes the routes and registers the app for `http://<host>:<port>` with the playground; no socket
   * is opened. Port 0 picks an unused port. Resolves once requests to that origin reach the app.
   */
  async startServer(host = '127.0.0.1', port = 0): Promise<void> {
    const registry = programHost();
    if (!registry) throw new Error('AppHttp.startServer needs the Halo playground: run this program there, or use the Node build of halo.');
    if (port === 0) port = nextEphemeral > EPHEMERAL_LAST ? EPHEMERAL_FIRST : nextEphemeral++;
    const origin = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin;
    this.app.freeze();
    registry.listen(origin, this.app);
    this.origin = origin;
  }

  /** Stops answering requests and closes the app (its services). */
  async close(): Promise<void> {
    if (!this.origin) return;
    programHost()?.unlisten(this.origin);
    this.origin = '';
    await this.app.close();
  }
}
