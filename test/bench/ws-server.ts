/**
 * A WebSocket echo server for the WebSocket bench, in its own process: `halo` (AppHttp + the WebSocket
 * provider, a call to an AnonymousService) or `ws` (the `ws` package alone, parsing and answering the
 * same JSON). Prints its port; answers each `cpu` line on stdin with its process.cpuUsage() as JSON.
 */
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';
import { AnonymousService, App, AppHttp, websocket } from '../../runtime/node/index.ts';

async function start(kind: string): Promise<number> {
  if (kind === 'halo') {
    const app = new App();
    app.use('/echo', new AnonymousService<string, Record<string, unknown>>({ create: (data) => data }));
    websocket(app, { rateLimit: { messages: 1_000_000, windowMs: 1000 } });
    const http = new AppHttp(app);
    await http.startServer('127.0.0.1', 0);
    return Number(new URL(http.uri).port);
  }
  const server = createServer();
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (socket) =>
    socket.on('message', (data) => {
      const message = JSON.parse((data as Buffer).toString('utf8')) as { id: unknown; data: unknown };
      socket.send(JSON.stringify({ id: message.id, result: message.data }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const port = await start(process.argv[2] ?? 'ws');
process.stdout.write(`${port}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'cpu') process.stdout.write(`${JSON.stringify(process.cpuUsage())}\n`);
});
