import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import type { ServerHost } from '../server-worker/server-host.ts';
import { fromWireResponse, toWireRequest } from '../server-worker/wire.ts';
import { SERVICE_WORKER_FILE } from './service-worker-file.ts';

/**
 * Starts msw: its service worker sends every fetch of the page here; requests for an origin a program
 * registered go to the server host, everything else passes through to the network untouched.
 * `root` is the site's base URL; the worker script lives there and its scope is exactly that path,
 * so the playground works under any sub-path.
 */
export async function startRequestBridge(host: ServerHost, root: URL): Promise<void> {
  const worker = setupWorker(
    http.all('*', async ({ request }) => {
      if (!host.handles(new URL(request.url).origin)) return undefined;
      return fromWireResponse(await host.fetch(await toWireRequest(request)));
    }),
  );
  await worker.start({
    serviceWorker: { url: new URL(SERVICE_WORKER_FILE, root).href, options: { scope: root.pathname } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
