import type { Socket } from 'node:net';
import type { LingerLimits } from '../framework/server-options.ts';

/** The default bounds of a lingering close. */
export const DEFAULT_LINGER: LingerLimits = { ms: 2000, bytes: 1024 * 1024 };

// Node's http parser reads the socket natively (no 'data' events), so the byte count is polled.
const POLL_MS = 10;

/**
 * Ends `socket` (its pending output still goes out, then a FIN) and keeps reading and discarding what
 * the client still sends, until the client closes its side or `limits.ms` pass; then destroys it.
 * Closing at once while the client is still sending makes the kernel answer with a reset, and a reset
 * often discards the response (a 413, a 431) before the client has read it. Past `limits.bytes` (checked
 * every few milliseconds) the socket stops reading: TCP flow control then holds the client back without a reset.
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
  const poll = setInterval(() => socket.bytesRead - startBytes > limits.bytes && holdBack(socket), POLL_MS).unref();
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

// `_paused` is the flag Node's http server itself sets to keep a socket paused: without it, the request
// stream resumes the socket whenever its buffer drains.
function holdBack(socket: Socket & { _paused?: boolean }): void {
  socket._paused = true;
  socket.pause();
}
