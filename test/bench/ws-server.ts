/**
 * A WebSocket echo server for the WebSocket bench, in its own process: `halo` (AppHttp + the WebSocket
 * provider, a call to an AnonymousService, whose change every connection receives as an event) or
 * `ws` (the `ws` package alone, parsing and answering the same JSON; a `broadcast` call is sent to
 * every connection as a plain `ws` broadcast, for the fan-out workload). See bench-child.ts for the
 * protocol with the bench.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { AnonymousService, App, AppHttp, websocket } from '../../runtime/node/index.ts';
import { serveBenchChild } from './bench-child.ts';

async function start(kind: string): Promise<number> {
  if (kind === 'halo' || kind === 'halo-unpublished') {
    const app = new App();
    const echo = app.use('/echo', new AnonymousService<string, Record<string, unknown>>({ create: (data) => data }));
    // The request/reply path alone: the echo is not published as an event to every connection.
    if (kind === 'halo-unpublished') echo.after('created', (e) => void (e.params.publish = false));
    websocket(app, { rateLimit: { messages: 1_000_000, windowMs: 1000 } });
    const http = new AppHttp(app);
    await http.startServer('127.0.0.1', 0);
    return Number(new URL(http.uri).port);
  }
  const server = createServer();
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket) =>
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as { id: unknown; call: string; data: unknown };
      if (message.call === 'broadcast') {
        const event = JSON.stringify({ event: 'echo created', data: message.data });
        for (const client of wss.clients) client.send(event);
      }
      socket.send(JSON.stringify({ id: message.id, result: message.data }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

serveBenchChild(await start(process.argv[2] ?? 'ws'));
