/**
 * Resolves once the playground's service worker controls the page, or after `timeoutMs` (no service
 * worker support, registration refused): what loads after this travels compressed on a first visit
 * too (the worker answers a request for `X` from its `.gz` sibling), from any host.
 */
export function serviceWorkerControl(timeoutMs: number): Promise<void> {
  const container = globalThis.navigator?.serviceWorker;
  if (!container || container.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    container.addEventListener('controllerchange', done);
  });
}
