/**
 * What Halo adds to a request on top of a raw node:http handler doing the same work, measured in one process so that
 * the machine's load weighs on both alike: `AppHttp.handleRequest` against the raw server's handler (servers/raw.ts's
 * routing, body read, JSON parse and send), both on the same stand-ins for node:http's request and response
 * (node:http itself left out: it is the same for both), in alternating slices, CPU time per request, median of the
 * rounds. `npx tsx test/bench/adapter-overhead.ts` bundles itself as the servers are bundled and runs pinned to the
 * server core; `BENCH_ROUNDS` (default 9) sets the rounds.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppHttp } from 'halo';
import { createHaloApp } from './apps/halo-app.ts';
import { rawListener } from './apps/raw-listener.ts';
import { StandInRequest, StandInResponse } from './stand-ins.ts';
import { median } from './stats.ts';
import { WORKLOADS } from './workloads.ts';
import type { Workload } from './workloads.ts';

type Handler = (im: IncomingMessage, sr: ServerResponse) => void;
const response = new StandInResponse();

const http = new AppHttp(createHaloApp());
http.app.freeze();
const handlers: Record<'raw' | 'halo', Handler> = { raw: rawListener, halo: http.handleRequest };
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** CPU µs per request of `count` requests through `handler`. */
async function slice(handler: Handler, w: Workload, body: Buffer | null, count: number): Promise<number> {
  const start = process.cpuUsage();
  for (let done = 0; done < count; done += 100) {
    for (let i = 0; i < 100; i++) {
      const im = new StandInRequest(w.method, w.path, w);
      handler(im as unknown as IncomingMessage, response as unknown as ServerResponse);
      if (body) {
        im.emit('data', body);
        im.emit('end');
      }
    }
    await settle();
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

async function measure(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
  console.log('| workload | raw handler CPU µs/req | Halo CPU µs/req | Halo adds µs/req |\n| --- | ---: | ---: | ---: |');
  for (const w of WORKLOADS) {
    const body = w.body === undefined ? null : Buffer.from(w.body);
    const micros = { raw: [] as number[], halo: [] as number[] };
    for (const name of ['raw', 'halo'] as const) {
      await slice(handlers[name], w, body, 30_000);
      if (response.sent !== w.expected.body) throw new Error(`${name} ${w.path}: unexpected body ${response.sent}`);
    }
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? (['raw', 'halo'] as const) : (['halo', 'raw'] as const))
        micros[name].push(await slice(handlers[name], w, body, 20_000));
    }
    const [r, h] = [median(micros.raw), median(micros.halo)];
    console.log(`| ${w.name} | ${r.toFixed(2)} | ${h.toFixed(2)} | ${(h - r).toFixed(2)} |`);
  }
}

// Run as .ts (by tsx), it bundles itself and runs the bundle; the bundle measures.
if (import.meta.url.endsWith('.ts')) {
  const { runBundledPinned } = await import('./run-bundled.ts');
  process.exitCode = await runBundledPinned('adapter-overhead');
} else {
  await measure();
}
