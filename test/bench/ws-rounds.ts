/**
 * The WebSocket request/reply comparison alone, in alternating rounds for a shared machine: each round
 * measures the `ws` package alone, then Halo's provider with `publish: false` (the request/reply path), each
 * a fresh process (ws-workload.ts's measureServer); prints every round with the load, and the median ratio.
 * BENCH_WS_ROUNDS rounds (default 5) of BENCH_WS_SECONDS (default 3). `npx tsx test/bench/ws-rounds.ts`.
 */
import { readFileSync } from 'node:fs';
import { measureServer } from './ws-workload.ts';

const rounds = Number(process.env.BENCH_WS_ROUNDS ?? 5);
const loadNow = (): string => readFileSync('/proc/loadavg', 'utf8').trim();
const ratios: number[] = [];
console.log(`Load (/proc/loadavg) before: ${loadNow()}\n`);
console.log('| round | ws msg/s | ws CPU µs/msg | Halo msg/s | Halo CPU µs/msg | CPU eff. vs ws | load after |');
console.log('|---:|---:|---:|---:|---:|---:|---|');
for (let round = 1; round <= rounds; round++) {
  const ws = await measureServer('ws', 'ws');
  const halo = await measureServer('halo', 'halo-unpublished');
  const ratio = ws.cpuMicrosPerMessage / halo.cpuMicrosPerMessage;
  ratios.push(ratio);
  console.log(
    `| ${round} | ${Math.round(ws.messagesPerSecond)} | ${ws.cpuMicrosPerMessage.toFixed(1)} | ${Math.round(halo.messagesPerSecond)} | ${halo.cpuMicrosPerMessage.toFixed(1)} | ${ratio.toFixed(2)} | ${loadNow().split(' ').slice(0, 3).join(' ')} |`,
  );
}
const sorted = [...ratios].sort((a, b) => a - b);
console.log(
  `\nMedian CPU efficiency vs ws: ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} (all: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
);
console.log(`Load (/proc/loadavg) after: ${loadNow()}`);
