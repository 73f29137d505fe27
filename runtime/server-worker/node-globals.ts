/**
 * Globals a Node 20 program uses without an import that a browser worker may lack, supplied before the
 * program loads. The worker starts from a data: URL, which makes it a secure context in Chromium and
 * Firefox, and in WebKit from a blob: URL, secure too (host/sandbox-document.ts), so `crypto.randomUUID` and
 * `crypto.subtle` are the engine's own;
 * `randomUUID` is still made from `getRandomValues` where an engine leaves it out. Node's `Buffer` and
 * `process` are not supplied: a partial `process` would make the libraries the worker runs (graphql-js,
 * PGlite's loader) believe they run on Node, and `Buffer` would need a package of its own in the worker.
 */

/** A version 4 UUID from the engine's random numbers, as Node's `crypto.randomUUID()` makes it. */
function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const define = (target: object, name: string, value: unknown): void => {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
};

/** Adds to the worker's global scope what Node gives a program and the engine does not. */
export function supplyNodeGlobals(scope: typeof globalThis): void {
  if (typeof scope.crypto.randomUUID !== 'function') define(Object.getPrototypeOf(scope.crypto) as object, 'randomUUID', randomUUID);
  if (!('global' in scope)) define(scope, 'global', scope);
  if (!('setImmediate' in scope)) supplyImmediates(scope);
}

/**
 * `setImmediate` / `clearImmediate`: callbacks run in order on the next turn of the event loop, before
 * timers (a message to itself, which engines do not clamp as they clamp nested `setTimeout(…, 0)`).
 */
function supplyImmediates(scope: typeof globalThis): void {
  const waiting = new Map<number, () => void>();
  let next = 1;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<number>) => {
    const run = waiting.get(event.data);
    waiting.delete(event.data);
    run?.();
  };
  define(scope, 'setImmediate', (callback: (...args: unknown[]) => void, ...args: unknown[]): number => {
    const id = next++;
    waiting.set(id, () => callback(...args));
    channel.port2.postMessage(id);
    return id;
  });
  define(scope, 'clearImmediate', (id: number | undefined) => id !== undefined && waiting.delete(id));
}
