import type { Pair, Run } from './measure.ts';
import { fixed, markdownTable, median } from './stats.ts';

/** Everything measured for one workload: the raw runs, each framework's paired runs, and the machine's load around them. */
export interface WorkloadResults {
  workload: string;
  raw: Run[];
  frameworks: Map<string, Pair[]>;
  /** 1-minute load average when the workload's first run started and when its last run ended. */
  load: { start: number; end: number };
}

/** Halo's CPU-efficiency goal, as a fraction of raw node:http's (issue 25). */
export const TARGET_EFFICIENCY = 0.9;

/** How far Halo's CPU efficiency must be ahead of fastify's (issue 25). */
export const TARGET_LEAD_OVER_FASTIFY = 0.05;

/** A framework's summary on one workload (medians over rounds; ratios are medians of paired ratios). */
interface Summary {
  rps: number;
  p99Ms: number;
  cpu: number;
  rpsRatio: number;
  cpuEfficiency: number;
  failures: number;
}

function summarize(runs: Run[], pairs: Pair[] | null): Summary {
  return {
    rps: median(runs.map((r) => r.rps)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    cpu: median(runs.map((r) => r.cpuMicrosPerRequest)),
    rpsRatio: pairs ? median(pairs.map((p) => p.framework.rps / p.raw.rps)) : 1,
    // CPU efficiency relative to raw: raw's CPU per request over the framework's (1.00 = as cheap as raw).
    cpuEfficiency: pairs ? median(pairs.map((p) => p.raw.cpuMicrosPerRequest / p.framework.cpuMicrosPerRequest)) : 1,
    failures: runs.reduce((n, r) => n + r.failures, 0),
  };
}

function summaries(result: WorkloadResults): Map<string, Summary> {
  const out = new Map<string, Summary>([['raw node:http', summarize(result.raw, null)]]);
  for (const [name, pairs] of result.frameworks)
    out.set(
      name,
      summarize(
        pairs.map((p) => p.framework),
        pairs,
      ),
    );
  return out;
}

/** The per-workload HTTP table. */
export function httpTable(result: WorkloadResults): string {
  const rows = [...summaries(result)].map(([name, s]) => [
    name,
    fixed(s.rps, 0),
    fixed(s.p99Ms, 2),
    fixed(s.cpu, 1),
    fixed(s.rpsRatio, 3),
    fixed(s.cpuEfficiency, 3),
    String(s.failures),
  ]);
  return `### ${result.workload}\n\nLoad average ${fixed(result.load.start, 1)} at the start, ${fixed(result.load.end, 1)} at the end.\n\n${markdownTable(['server', 'req/s', 'p99 ms', 'CPU µs/req', 'req/s ÷ raw', 'CPU eff. vs raw', 'errors'], rows)}`;
}

const verdict = (met: boolean): string => (met ? 'MET' : 'MISSED');

/**
 * Halo's figures on one workload, each next to the target it is held to: p99 at or below fastify's,
 * CPU efficiency ahead of fastify's by TARGET_LEAD_OVER_FASTIFY and at least TARGET_EFFICIENCY × raw; hono's figures for reference.
 */
export function targetLines(result: WorkloadResults): string[] {
  const s = summaries(result);
  const halo = s.get('halo');
  if (!halo) return [];
  const eff = halo.cpuEfficiency;
  const lines = [`- ${result.workload} (load ${fixed(result.load.start, 1)} → ${fixed(result.load.end, 1)}):`];
  const fastify = s.get('fastify');
  if (fastify) {
    lines.push(
      `  - p99 ${fixed(halo.p99Ms, 2)} ms vs fastify's ${fixed(fastify.p99Ms, 2)} ms (target: at or below) — ${verdict(halo.p99Ms <= fastify.p99Ms)}.`,
    );
    lines.push(
      `  - CPU efficiency ${fixed(eff, 3)} vs fastify's ${fixed(fastify.cpuEfficiency, 3)} (target: ahead by ≥ ${fixed(TARGET_LEAD_OVER_FASTIFY, 2)}) — ${verdict(eff - fastify.cpuEfficiency >= TARGET_LEAD_OVER_FASTIFY - 1e-9)}.`,
    );
  }
  lines.push(
    `  - CPU efficiency ${fixed(eff, 3)} vs ${fixed(TARGET_EFFICIENCY, 2)} × raw (target: at least) — ${eff >= TARGET_EFFICIENCY ? 'MET' : `MISSED by ${fixed(TARGET_EFFICIENCY - eff, 3)}`}.`,
  );
  const hono = s.get('hono');
  if (hono) {
    lines.push(
      `  - for reference, hono: p99 ${fixed(hono.p99Ms, 2)} ms, CPU efficiency ${fixed(hono.cpuEfficiency, 3)}, req/s ÷ raw ${fixed(hono.rpsRatio, 3)} (Halo ${fixed(halo.rpsRatio, 3)}).`,
    );
  }
  return lines;
}

/** One in-process row, as printed by in-process.ts. */
export interface InProcessRow {
  workload: string;
  haloMicros: number;
  honoMicros: number;
}

/** The in-process Halo `app.fetch` vs Hono `app.fetch` table. */
export function inProcessTable(rows: readonly InProcessRow[]): string {
  return markdownTable(
    ['workload', 'Halo µs/req', 'Hono µs/req', 'Halo req/s', 'Hono req/s', 'Halo speed ÷ Hono'],
    rows.map((r) => [
      r.workload,
      fixed(r.haloMicros, 2),
      fixed(r.honoMicros, 2),
      fixed(1e6 / r.haloMicros, 0),
      fixed(1e6 / r.honoMicros, 0),
      fixed(r.honoMicros / r.haloMicros, 3),
    ]),
  );
}

/** One row of allocation.ts: bytes Halo's own code allocates per request. */
export interface AllocationRow {
  workload: string;
  bytesPerRequest: number;
}

/** The section on Halo's own allocation per request (exact, independent of the machine's load). */
export function allocationSection(rows: readonly AllocationRow[]): string[] {
  return [
    "## Halo's own allocation per request (allocation.ts)",
    '',
    "Exact and independent of load: `AppHttp.handleRequest` on stand-ins for node:http's request and response, in a",
    'young generation no loop fills (no collection during it), so used-heap growth ÷ requests is the allocation.',
    "node:http's own share (about 6–7 kB per request, the same in every server) is not included.",
    '',
    markdownTable(
      ['workload', 'bytes/request'],
      rows.map((r) => [r.workload, Number.isNaN(r.bytesPerRequest) ? 'n/a (a collection ran)' : String(r.bytesPerRequest)]),
    ),
    '',
  ];
}
