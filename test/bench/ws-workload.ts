/**
 * The WebSocket workload of `npm run bench`: messages/s and server CPU per message for Halo's WebSocket
 * provider and for the `ws` package alone, each in its own process, driven by the same clients
 * (CLIENTS connections, IN_FLIGHT messages outstanding on each) for a bounded time.
 */
import { WebSocket } from 'ws';
import { startBenchChild } from './bench-child.ts';

const CLIENTS = 4;
const IN_FLIGHT = 16;
const SECONDS = Number(process.env.BENCH_WS_SECONDS) || 3;
const WARMUP_SECONDS = 1;
/** Sockets that receive every change in the fan-out workload. */
const FAN_OUT = 1000;
/** Changes published and not yet delivered to every socket, at most. */
const CHANGES_IN_FLIGHT = 2;
const SERVER_SCRIPT = new URL('./ws-server.ts', import.meta.url);

/** One measured server. */
interface WsRow {
  name: string;
  messagesPerSecond: number;
  cpuMicrosPerMessage: number;
}

function openClient(port: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends echo calls on CLIENTS connections for `seconds`, IN_FLIGHT outstanding on each; returns the replies counted. */
export async function drive(port: number, seconds: number): Promise<number> {
  const sockets = await Promise.all(Array.from({ length: CLIENTS }, () => openClient(port)));
  let replies = 0;
  let running = true;
  let id = 0;
  const send = (socket: WebSocket) => socket.send(JSON.stringify({ id: ++id, call: 'echo.create', data: { n: id, text: 'hello' } }));
  for (const socket of sockets) {
    socket.on('message', () => {
      replies++;
      if (running) send(socket);
    });
    for (let i = 0; i < IN_FLIGHT; i++) send(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  const counted = replies;
  for (const socket of sockets) socket.terminate();
  return counted;
}

/**
 * Publishes changes through one control socket (`call`) for `seconds`, at most CHANGES_IN_FLIGHT not
 * yet delivered to all of `receivers`; returns the events the receivers counted.
 */
async function fanOut(port: number, receivers: WebSocket[], call: string, seconds: number): Promise<number> {
  const control = await openClient(port);
  let delivered = 0;
  let wake = (): void => undefined;
  const counters = receivers.map((socket) => {
    const count = (): void => {
      delivered++;
      wake();
    };
    socket.on('message', count);
    return count;
  });
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  while (Date.now() < until) {
    while (delivered < (sent - CHANGES_IN_FLIGHT + 1) * receivers.length) await new Promise<void>((resolve) => (wake = resolve));
    control.send(JSON.stringify({ id: ++sent, call, data: { n: sent, text: 'hello' } }));
  }
  while (delivered < sent * receivers.length) await new Promise<void>((resolve) => (wake = resolve));
  receivers.forEach((socket, i) => socket.off('message', counters[i]));
  control.terminate();
  return delivered;
}

/** Measures `work` (counted messages) on a fresh server of `kind` after a warm-up run of it. */
export async function measureServer(
  name: string,
  kind: string,
  work: (port: number, seconds: number) => Promise<number> = drive,
): Promise<WsRow> {
  const server = await startBenchChild(SERVER_SCRIPT, kind);
  try {
    await work(server.port, WARMUP_SECONDS);
    const before = await server.cpuMicros();
    const started = performance.now();
    const messages = await work(server.port, SECONDS);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = (await server.cpuMicros()) - before;
    return { name, messagesPerSecond: messages / elapsed, cpuMicrosPerMessage: cpu / Math.max(1, messages) };
  } finally {
    server.stop();
  }
}

/** FAN_OUT sockets stay open across the warm-up and the measured run of one server. */
function fanOutWork(call: string): (port: number, seconds: number) => Promise<number> {
  let receivers: Promise<WebSocket[]> | undefined;
  return async (port, seconds) =>
    fanOut(port, await (receivers ??= Promise.all(Array.from({ length: FAN_OUT }, () => openClient(port)))), call, seconds);
}

/** Runs the fan-out workload (one change to FAN_OUT sockets) and returns its section of the report. */
export async function fanOutSection(): Promise<string[]> {
  const ws = await measureServer('ws alone (broadcast loop)', 'ws', fanOutWork('broadcast'));
  const halo = await measureServer('Halo websocket provider (service change event)', 'halo', fanOutWork('echo.create'));
  const row = (r: WsRow) =>
    `| ${r.name} | ${Math.round(r.messagesPerSecond)} | ${r.cpuMicrosPerMessage.toFixed(2)} | ${(ws.cpuMicrosPerMessage / r.cpuMicrosPerMessage).toFixed(2)} |`;
  return [
    '## WebSocket fan-out (one change to 1,000 sockets)',
    '',
    `${FAN_OUT} open sockets receive every change, published through one more socket, at most ${CHANGES_IN_FLIGHT} changes not yet delivered everywhere, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up. Halo: a create on a service, its \`echo created\` event to every connection; ws: the same JSON sent to every client in a loop. CPU: the server process's own user + system time ÷ events delivered.`,
    '',
    '| Server | events delivered/s | CPU µs/event | CPU eff. vs ws |',
    '|---|---:|---:|---:|',
    row(ws),
    row(halo),
    '',
  ];
}

/** Runs the WebSocket workload and returns its section of the report (markdown lines). */
export async function webSocketSection(): Promise<string[]> {
  const ws = await measureServer('ws alone (JSON echo)', 'ws');
  const halo = await measureServer('Halo websocket provider (service call)', 'halo');
  const unpublished = await measureServer('Halo websocket provider (service call, publish: false)', 'halo-unpublished');
  const row = (r: WsRow) =>
    `| ${r.name} | ${Math.round(r.messagesPerSecond)} | ${r.cpuMicrosPerMessage.toFixed(1)} | ${(ws.cpuMicrosPerMessage / r.cpuMicrosPerMessage).toFixed(2)} |`;
  return [
    '## WebSocket (request/reply messages)',
    '',
    `${CLIENTS} connections, ${IN_FLIGHT} messages in flight on each, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; each message is a JSON call answered with a JSON reply. CPU: the server process's own user + system time ÷ messages.`,
    '',
    '| Server | messages/s | CPU µs/message | CPU eff. vs ws |',
    '|---|---:|---:|---:|',
    row(ws),
    row(halo),
    row(unpublished),
    '',
  ];
}
