/**
 * Bytes Halo's own code allocates per request (the Node adapter, routing, pipeline, body parsing, the
 * workload's handler), exactly and whatever the machine's load: run by run.ts as its own child with a
 * young generation large enough that no garbage collection runs during a measured loop, so the growth
 * of the used heap over N requests is what they allocated. Each request goes through
 * `AppHttp.handleRequest` with stand-ins for Node's request (an EventEmitter that emits the body) and
 * response (which drops what it is sent), whose own allocation is measured alone and subtracted;
 * node:http's share (~6–7 kB per request in every server) is left out on purpose.
 * Run with `--expose-gc --max-semi-space-size=256 --min-semi-space-size=256` (run.ts does); prints
 * `BENCH_RESULT` with one row per workload (NaN when a collection ran during a loop after all).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { AppHttp } from 'halo';
import { createHaloApp } from './apps/halo-app.ts';
import { StandInRequest, StandInResponse } from './stand-ins.ts';
import { WORKLOADS } from './workloads.ts';
import type { Workload } from './workloads.ts';
import type { AllocationRow } from './report.ts';

const WARM_UP = 50_000;
const MEASURED = 20_000;

const standInResponse = new StandInResponse();
const http = new AppHttp(createHaloApp());
http.app.freeze();
let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function serve(w: Workload, body: Buffer | null, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const im = new StandInRequest(w.method, w.path, w);
    http.handleRequest(im as unknown as IncomingMessage, standInResponse as unknown as ServerResponse);
    if (body) {
      im.emit('data', body);
      im.emit('end');
    }
  }
  await settle();
}

/** Used-heap growth per iteration of `loop`, or NaN when a collection ran during it. */
async function bytesPer(loop: () => Promise<void>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await settle();
  const before = collections;
  const start = getHeapStatistics().used_heap_size;
  await loop();
  const grown = getHeapStatistics().used_heap_size - start;
  await settle();
  return collections === before ? grown / MEASURED : NaN;
}

// Kept so the optimiser cannot drop the stand-ins of the subtraction loop as unused.
let kept: StandInRequest | null = null;
const rows: AllocationRow[] = [];
for (const w of WORKLOADS) {
  const body = w.body === undefined ? null : Buffer.from(w.body);
  await serve(w, body, WARM_UP);
  if (standInResponse.sent !== w.expected.body) throw new Error(`allocation ${w.path}: unexpected body ${standInResponse.sent}`);
  const total = await bytesPer(() => serve(w, body, MEASURED));
  const standIns = await bytesPer(async () => {
    for (let i = 0; i < MEASURED; i++) kept = new StandInRequest(w.method, w.path, w);
  });
  rows.push({ workload: w.name, bytesPerRequest: Math.round(total - standIns) });
}
if (!kept) throw new Error('no stand-in request was made');
console.log(`BENCH_RESULT ${JSON.stringify(rows)}`);
