import type { IncomingMessage, Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { App } from '../framework/app.ts';
import type { SocketRequest } from '../framework/providers/websocket/socket-connection.ts';
import { WebSocketProvider } from '../framework/providers/websocket/websocket-provider.ts';
import { joinPaths } from '../framework/routing/path-pattern.ts';
import type { RequestTrace } from '../framework/tracing/trace-data.ts';
import { Tracer } from '../framework/tracing/tracer.ts';
import { locateInNodeStack } from './node-locate.ts';
import { WriteBatch } from './write-batch.ts';

/**
 * The Node host of the WebSocket provider (an AppHttp extension): when the app has a provider, the
 * HTTP server upgrades requests to its path with `ws` (frames over `maxMessageBytes` close the
 * socket with 1009 before they are buffered) and hands each socket to the provider; other upgrade
 * requests get 404, a page of an origin the provider refuses gets 403. Starts the provider (its
 * changes are published from now on) and returns what closes the sockets when the server closes.
 * With `onTrace`, every call is traced and its trace handed to it once replied to.
 */
export function attachWebSockets(server: Server, app: App, onTrace?: (trace: RequestTrace) => void): (() => void) | undefined {
  const provider = WebSocketProvider.of(app);
  if (!provider) return undefined;
  const wss = new WebSocketServer({ noServer: true, maxPayload: provider.maxMessageBytes });
  const path = joinPaths('', provider.path);
  const batch = new WriteBatch();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (joinPaths('', new URL(req.url ?? '/', 'http://localhost').pathname) !== path) return refuse(socket, 404);
    const request: SocketRequest = { url: req.url ?? '/', headers: headersOf(req), remoteAddress: req.socket.remoteAddress ?? '' };
    if (provider.refusal(request)) return refuse(socket, 403);
    wss.handleUpgrade(req, socket, head, (ws) => serve(provider, ws, request, () => batch.hold(socket), onTrace));
  };
  server.on('upgrade', onUpgrade);
  void provider.start();
  return () => {
    server.off('upgrade', onUpgrade);
    provider.closeAll();
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  };
}

function refuse(socket: Duplex, status: number): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** Hands `ws` to the provider; `batch` holds the socket's writes for the rest of the tick (see WriteBatch); `onTrace` gets each call's trace. */
function serve(
  provider: WebSocketProvider,
  ws: WebSocket,
  request: SocketRequest,
  batch: () => void,
  onTrace?: (trace: RequestTrace) => void,
): void {
  const session = provider.connect(
    {
      send: (text) => {
        if (ws.readyState !== WebSocket.OPEN) return;
        batch();
        ws.send(text);
      },
      close: (code, reason) => ws.close(code, reason),
      bufferedBytes: () => ws.bufferedAmount,
    },
    request,
  );
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      ws.close(1003, 'Send text messages (JSON).');
      return;
    }
    // A text frame arrives as one Buffer: binaryType is ws's default, 'nodebuffer'.
    const text = (data as Buffer).toString('utf8');
    if (!onTrace) return void session.receive(text);
    const tracer = new Tracer('WS', provider.path);
    void session.receive(text, tracer).then(() => onTrace(tracer.toTrace(locateInNodeStack)));
  });
  ws.on('close', () => session.closed());
  // ws reports protocol errors (an oversized frame, bad framing) here after closing the socket itself.
  ws.on('error', () => session.closed());
}
