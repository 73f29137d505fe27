import { http, ws } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ServerHost } from '../server-worker/host/server-host.ts';
import { socketOrigin } from '../contract/program-origin.ts';
import { fromWireResponse, toWireRequest } from '../contract/wire.ts';
import { SERVICE_WORKER_FILE } from '../contract/service-worker-file.ts';
import { SOCKET_TRACE_EVENT } from '../contract/socket-trace.ts';

/** What the bridge needs of the server host. */
export type BridgedHost = Pick<ServerHost, 'handles' | 'fetch' | 'openSocket'>;

/**
 * Starts msw: its service worker sends every fetch of the page here; requests for an origin a program may
 * listen on go to the server host (a 503 from it when none listens), everything else passes through to the network.
 * `root` is the site's base URL; the worker script lives there and its scope is exactly that path,
 * so the playground works under any sub-path. The page's WebSockets are intercepted in the page by msw
 * (`ws.link`): those to a program's origin are connected to it through the host, the others to the network.
 */
export async function startMswBridge(host: BridgedHost, root: URL): Promise<void> {
  const worker = setupWorker(
    http.all('*', async ({ request }) => {
      if (!host.handles(new URL(request.url).origin)) return undefined;
      return fromWireResponse(await host.fetch(await toWireRequest(request)));
    }),
    socketBridge(host),
  );
  for (const registration of await navigator.serviceWorker.getRegistrations()) answerUpdatesQuietly(registration);
  await worker.start({
    serviceWorker: { url: new URL(SERVICE_WORKER_FILE, root).href, options: { scope: root.pathname } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

/** msw's WebSocket handler for every ws:// and wss:// URL: program origins go to the host, the rest to the network. */
function socketBridge(host: BridgedHost) {
  return ws.link(/^wss?:\/\//).addEventListener('connection', ({ client, server }) => {
    if (!host.handles(socketOrigin(client.url))) {
      server.connect();
      return;
    }
    const socket = host.openSocket(client.url.href, {
      send: (text) => client.send(text),
      close: (code, reason) => client.close(code, reason),
      // On the page's own WebSocket object (msw's client connection holds it), where the request panel listens.
      trace: (trace) => pageSocketOf(client)?.dispatchEvent(new MessageEvent(SOCKET_TRACE_EVENT, { data: trace })),
    });
    client.addEventListener('message', (event) => {
      if (typeof event.data === 'string') return socket.send(event.data);
      // As on Node: the provider speaks JSON text.
      client.close(1003, 'Send text messages (JSON).');
      socket.close();
    });
    client.addEventListener('close', () => socket.close());
  });
}

/** The page's WebSocket behind msw's client connection (its `socket`, which msw's type for handlers leaves out). */
function pageSocketOf(client: object): EventTarget | undefined {
  const socket = (client as { socket?: unknown }).socket;
  return socket instanceof EventTarget ? socket : undefined;
}

/**
 * msw asks an existing registration for an update without waiting for the answer; offline that check fails, which
 * is a normal state, not an unhandled error. A page gets the same registration object every time it asks, so the
 * checks msw starts on it are marked handled here; a real failure still reaches whoever awaits it.
 */
function answerUpdatesQuietly(registration: ServiceWorkerRegistration): void {
  const update = registration.update.bind(registration);
  registration.update = () => {
    const checked = update();
    checked.catch(() => undefined);
    return checked;
  };
}
