/**
 * The dashboard's WebSocket, off the page's main thread. A class of 300 publishes about 150 changes a
 * second, each its own message: on the page each was a task of its own, which cost a throttled laptop
 * more than drawing them. Here they are parsed and gathered, and the page gets one message per
 * GATHER_MS; a reply to the page's call (or a resync, or the close) goes at once, after the changes
 * that came before it, so the page sees everything in the order the server sent it.
 */
import type { DashboardEvent } from './dashboard-state.ts';
import type { FromSocketWorker, SocketReply, ToSocketWorker } from './dashboard-socket-protocol.ts';

/** How long published changes gather before they go to the page together. */
const GATHER_MS = 200;

let socket: WebSocket | null = null;
let gathered: DashboardEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

const post = (message: FromSocketWorker): void => postMessage(message);

/** Sends what has gathered, if anything. */
function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (gathered.length === 0) return;
  post({ events: gathered });
  gathered = [];
}

function open(url: string): void {
  socket?.close();
  gathered = [];
  const current = new WebSocket(url);
  socket = current;
  current.addEventListener('open', () => post({ open: true }));
  current.addEventListener('message', (event) => {
    if (socket !== current) return;
    const message = JSON.parse(String(event.data)) as SocketReply & { event?: string; data?: unknown };
    if (typeof message.id === 'number') {
      flush();
      post({ reply: message });
    } else if (message.event === 'resync') {
      flush();
      post({ resync: true });
    } else if (message.event) {
      gathered.push({ event: message.event, data: message.data });
      timer ??= setTimeout(flush, GATHER_MS);
    }
  });
  current.addEventListener('close', (event) => {
    if (socket !== current) return;
    flush();
    socket = null;
    post({ closed: { code: event.code, reason: event.reason } });
  });
}

addEventListener('message', ({ data }: MessageEvent<ToSocketWorker>) => {
  if ('open' in data) open(data.open);
  else if ('send' in data) socket?.send(data.send);
  else socket?.close();
});
