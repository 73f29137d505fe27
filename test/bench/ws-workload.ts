/**
 * The WebSocket workload of `npm run bench`: messages/s and server CPU per message for Halo's WebSocket
 * provider and for the `ws` package alone, each in its own process, driven by the same clients
 * (CLIENTS connections, IN_FLIGHT messages outstanding on each) for a bounded time.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const CLIENTS = 4;
const IN_FLIGHT = 16;
const SECONDS = Number(process.env.BENCH_WS_SECONDS) || 3;
const WARMUP_SECONDS = 1;

/** One measured server. */
interface WsRow {
  name: string;
  messagesPerSecond: number;
  cpuMicrosPerMessage: number;
}

/** A server process and a reader of its stdout lines. */
async function startServer(kind: string): Promise<{ child: ChildProcessWithoutNullStreams; port: number; nextLine: () => Promise<string> }> {
  const script = fileURLToPath(new URL('./ws-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind], { env: { ...process.env, NODE_ENV: 'production' } });
  const lines: string[] = [];
  let wake: (() => void) | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    wake?.();
  });
  const nextLine = async (): Promise<string> => {
    const deadline = Date.now() + 30_000;
    while (lines.length === 0) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The ${kind} WebSocket server did not answer.`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
    }
    return lines.shift()!;
  };
  return { child, port: Number(await nextLine()), nextLine };
}

/** Sends echo calls on CLIENTS connections for `seconds`, IN_FLIGHT outstanding on each; returns the replies counted. */
async function drive(port: number, seconds: number): Promise<number> {
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, () => new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    })),
  );
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

async function measureServer(name: string, kind: string): Promise<WsRow> {
  const server = await startServer(kind);
  try {
    await drive(server.port, WARMUP_SECONDS);
    server.child.stdin.write('cpu\n');
    const before = JSON.parse(await server.nextLine()) as NodeJS.CpuUsage;
    const started = performance.now();
    const messages = await drive(server.port, SECONDS);
    const elapsed = (performance.now() - started) / 1000;
    server.child.stdin.write('cpu\n');
    const after = JSON.parse(await server.nextLine()) as NodeJS.CpuUsage;
    const cpu = after.user - before.user + (after.system - before.system);
    return { name, messagesPerSecond: messages / elapsed, cpuMicrosPerMessage: cpu / Math.max(1, messages) };
  } finally {
    server.child.kill();
  }
}

/** Runs the WebSocket workload and returns its section of the report (markdown lines). */
export async function webSocketSection(): Promise<string[]> {
  const ws = await measureServer('ws alone (JSON echo)', 'ws');
  const halo = await measureServer('Halo websocket provider (service call)', 'halo');
  const row = (r: WsRow) => `| ${r.name} | ${Math.round(r.messagesPerSecond)} | ${r.cpuMicrosPerMessage.toFixed(1)} | ${(ws.cpuMicrosPerMessage / r.cpuMicrosPerMessage).toFixed(2)} |`;
  return [
    '## WebSocket (request/reply messages)',
    '',
    `${CLIENTS} connections, ${IN_FLIGHT} messages in flight on each, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; each message is a JSON call answered with a JSON reply. CPU: the server process's own user + system time ÷ messages.`,
    '',
    '| Server | messages/s | CPU µs/message | CPU eff. vs ws |',
    '|---|---:|---:|---:|',
    row(ws),
    row(halo),
    '',
  ];
}
