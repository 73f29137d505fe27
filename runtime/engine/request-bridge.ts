import type { BridgedHost } from './msw-bridge.ts';

/**
 * msw's request bridge, loaded (once: the page's module map keeps it). The boot script asks for it ahead, so its
 * download and compile run beside the page's own modules instead of after the engine started.
 */
export const loadRequestBridge = () => import('./msw-bridge.ts');

/**
 * Starts msw's request bridge (msw-bridge.ts) once msw has loaded: msw (~45 KB gzip) is a chunk of its
 * own, so the page's first load does not carry it; its download runs alongside the server worker's,
 * which a first response waits for anyway.
 */
export async function startRequestBridge(host: BridgedHost, root: URL): Promise<void> {
  const { startMswBridge } = await loadRequestBridge();
  await startMswBridge(host, root);
}
