import type { Socket } from 'node:net';

/** How long and how much a refused client may go on sending before its connection is cut. */
export interface LingerLimits {
  /** Milliseconds; default 2000. */
  ms: number;
  /** Bytes read and discarded; default 1 MiB. */
  bytes: number;
}

/** The default bounds of a lingering close. */
export const DEFAULT_LINGER: LingerLimits = { ms: 2000, bytes: 1024 * 1024 };

const POLL_MS = 50;

/**
 * Ends `socket` (its pending output still goes out, then a FIN) and keeps reading and discarding what
 * the client still sends, until the client closes its side or `limits` are reached; then destroys it.
 * Closing at once while the client is still sending makes the kernel answer with a reset, and a reset
 * often discards the response (a 413, a 431) before the client has read it.
 */
export function lingerThenClose(socket: Socket, limits: LingerLimits): void {
  if (socket.destroyed) return;
  const startBytes = socket.bytesRead;
  const stop = (): void => {
    clearTimeout(deadline);
    clearInterval(poll);
    socket.destroy();
  };
  const deadline = setTimeout(stop, limits.ms).unref();
  const poll = setInterval(() => socket.bytesRead - startBytes > limits.bytes && stop(), POLL_MS).unref();
  socket.once('end', stop);
  socket.once('close', stop);
  socket.end();
  socket.resume();
}

/**
 * Makes Node's own close of `socket` after a `connection: close` response a lingering one: the http
 * server calls `destroySoon()` once the response is written, which would reset a client still sending.
 */
export function lingerOnClose(socket: Socket, limits: LingerLimits): void {
  socket.destroySoon = () => lingerThenClose(socket, limits);
}
