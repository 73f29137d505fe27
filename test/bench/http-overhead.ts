/**
 * Halo against raw node:http with node:http's own work included, in one process so that the machine's load and the
 * process's state weigh on both alike: servers/raw.ts's listener and Halo's `AppHttp.handleRequest`, each on a real
 * node:http Server fed by in-memory connections (memory-socket.ts: the parser, IncomingMessage, ServerResponse and
 * the header writing all run; only the kernel is left out), ten connections each sending its next request once its
 * response is written, in alternating slices. Prints CPU µs per request, the median of the paired ratios (raw ÷
 * Halo: the CPU efficiency), and the bytes and write calls per response of each. `npx tsx test/bench/http-overhead.ts`
 * bundles itself as the servers are bundled and runs pinned to the server core; BENCH_ROUNDS (default 30) sets the
 * rounds, BENCH_WORKLOADS (paths, e.g. `/echo`) the workloads.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { AppHttp } from 'halo';
import { createHaloApp } from './apps/halo-app.ts';
import { rawListener } from './apps/raw-listener.ts';
import { MemorySocket } from './memory-socket.ts';
import { median } from './stats.ts';
import { WORKLOADS } from './workloads.ts';
import type { Workload } from './workloads.ts';

const CONNECTIONS = 10;
const SLICE = 3000;

/** One slice's figures, per request. */
interface Slice {
  micros: number;
  bytes: number;
  writes: number;
}

/** The bytes of one keep-alive request for `w`, with the headers a load generator sends. */
function requestBytes(w: Workload): Buffer {
  const lines = [`${w.method} ${w.path} HTTP/1.1`, 'host: 127.0.0.1', 'user-agent: bench', 'accept: */*'];
  if (w.body !== undefined) lines.push(`content-type: ${w.headers?.['content-type']}`, `content-length: ${Buffer.byteLength(w.body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${w.body ?? ''}`);
}

/** Serves `count` requests over CONNECTIONS connections; each sends its next request on a later turn of the loop. */
function slice(server: Server, request: Buffer, count: number): Promise<Slice> {
  return new Promise((resolve) => {
    const sockets: MemorySocket[] = [];
    let sent = 0;
    let answered = 0;
    const start = process.cpuUsage();
    const finish = (): void => {
      const used = process.cpuUsage(start);
      let bytes = 0;
      let writes = 0;
      for (const socket of sockets) {
        bytes += socket.bytes;
        writes += socket.writes;
        socket.destroy();
      }
      resolve({ micros: (used.user + used.system) / count, bytes: bytes / count, writes: writes / count });
    };
    for (let c = 0; c < CONNECTIONS; c++) {
      const socket = new MemorySocket();
      sockets.push(socket);
      server.emit('connection', socket);
      socket.onWrite = () => {
        if (++answered === count) setImmediate(finish);
        else if (sent < count) {
          sent++;
          setImmediate(() => socket.push(request));
        }
      };
      sent++;
      socket.push(request);
    }
  });
}

async function measure(): Promise<void> {
  const http = new AppHttp(createHaloApp());
  http.app.freeze();
  const servers = { raw: createServer(rawListener), halo: createServer(http.handleRequest) };
  const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
  const only = process.env.BENCH_WORKLOADS?.split(',');
  console.log(
    '| workload | raw CPU µs/req | Halo CPU µs/req | CPU eff. (median of paired ratios) | bytes/response raw, Halo | writes/response raw, Halo |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const w of WORKLOADS.filter((w) => !only || only.includes(w.path))) {
    const request = requestBytes(w);
    const last = { raw: await slice(servers.raw, request, 20_000), halo: await slice(servers.halo, request, 20_000) };
    const micros = { raw: [] as number[], halo: [] as number[] };
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? (['raw', 'halo'] as const) : (['halo', 'raw'] as const)) {
        last[name] = await slice(servers[name], request, SLICE);
        micros[name].push(last[name].micros);
      }
      ratios.push(micros.raw[round] / micros.halo[round]);
    }
    const cells = [
      w.name,
      median(micros.raw).toFixed(2),
      median(micros.halo).toFixed(2),
      median(ratios).toFixed(3),
      `${last.raw.bytes.toFixed(0)}, ${last.halo.bytes.toFixed(0)}`,
      `${last.raw.writes.toFixed(2)}, ${last.halo.writes.toFixed(2)}`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

// Run as .ts (by tsx), it bundles itself and runs the bundle; the bundle measures.
if (import.meta.url.endsWith('.ts')) {
  const { runBundledPinned } = await import('./run-bundled.ts');
  process.exitCode = await runBundledPinned('http-overhead');
} else {
  await measure();
}
