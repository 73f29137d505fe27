import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpException } from '../framework/http-exception.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import type { LingerLimits } from '../framework/server-options.ts';
import { lingerThenClose } from './linger.ts';

/** What the server answers when a client breaks HTTP before a request reaches the app. */
function refusal(error: NodeJS.ErrnoException, maxHeaderSize: number): HttpException {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return frameworkErrors.headersTooLarge(maxHeaderSize);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return frameworkErrors.requestTimeout();
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return frameworkErrors.chunkExtensionsTooLarge();
    default:
      return frameworkErrors.malformedHttp(error);
  }
}

const answered = new WeakSet<Socket>();

/**
 * Node's `clientError` listener: answers a malformed, oversized or too slow request with a clear JSON
 * error (unless a response is half sent on that connection) and closes the connection gently.
 * Node may report more than one error for a connection (a timeout after a parse error), so each is answered once.
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  options: { maxHeaderSize: number; linger: LingerLimits },
): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // `_httpMessage` is the response Node's http server has attached to the socket (the same check Node's
  // own clientError default makes): once its headers are out, another status line would corrupt it.
  const current = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (!current?.headersSent) {
    const e = refusal(error, options.maxHeaderSize);
    const body = JSON.stringify(e.toJson());
    socket.write(
      `HTTP/1.1 ${e.statusCode} ${STATUS_CODES[e.statusCode]}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  lingerThenClose(socket, options.linger);
}
