/**
 * In-process comparison, run as its own (pinned) child by run.ts: Halo `app.fetch(new Request(...))`
 * against Hono `app.fetch` on the same four workloads, alternating the two in short slices.
 * Prints `BENCH_RESULT` with the median µs per request of each.
 */
import { createHaloApp } from './apps/halo-app.ts';
import { createHonoApp } from './apps/hono-app.ts';
import { median } from './stats.ts';
import { WORKLOADS } from './workloads.ts';
import type { Workload } from './workloads.ts';

type Fetcher = (request: Request) => Response | Promise<Response>;

const ORIGIN = 'http://bench.local';
const ROUNDS = Number(process.env.BENCH_INPROC_ROUNDS ?? 6);
const SLICE_MS = Number(process.env.BENCH_INPROC_SLICE_MS ?? 250);
const BATCH = 200;

/** Runs `workload` through `fetch` once and returns the response text (consumed, as a host would). */
async function once(fetch: Fetcher, w: Workload): Promise<string> {
  const response = await fetch(new Request(ORIGIN + w.path, { method: w.method, body: w.body, headers: w.headers }));
  return response.text();
}

/** µs per request over one time slice. */
async function slice(fetch: Fetcher, w: Workload): Promise<number> {
  let count = 0;
  const start = performance.now();
  const end = start + SLICE_MS;
  let now = start;
  while (now < end) {
    for (let i = 0; i < BATCH; i++) await once(fetch, w);
    count += BATCH;
    now = performance.now();
  }
  return ((now - start) * 1000) / count;
}

const halo = createHaloApp();
const hono = createHonoApp();
const fetchers: Record<'halo' | 'hono', Fetcher> = {
  halo: (request) => halo.fetch(request),
  hono: (request) => hono.fetch(request),
};

const results = [];
for (const w of WORKLOADS) {
  for (const [name, fetch] of Object.entries(fetchers)) {
    const body = await once(fetch, w);
    if (body !== w.expected.body) throw new Error(`in-process ${name} ${w.path}: unexpected body ${body}`);
    await slice(fetch, w); // warm-up
  }
  const micros: Record<string, number[]> = { halo: [], hono: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['halo', 'hono'] as const) : (['hono', 'halo'] as const);
    for (const name of order) micros[name].push(await slice(fetchers[name], w));
  }
  results.push({ workload: w.name, haloMicros: median(micros.halo), honoMicros: median(micros.hono) });
}
console.log(`BENCH_RESULT ${JSON.stringify(results)}`);
