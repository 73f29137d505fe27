import type { BridgedHost } from './msw-bridge.ts';

/**
 * Starts msw's request bridge (msw-bridge.ts) once msw has loaded: msw (~45 KB gzip) is a chunk of its
 * own, so the page's first load does not carry it; its download runs alongside the server worker's,
 * which a first response waits for anyway.
 */
export async function startRequestBridge(host: BridgedHost, root: URL): Promise<void> {
  const { startMswBridge } = await import('./msw-bridge.ts');
  await startMswBridge(host, root);
}
