import type { Pair, Run } from './measure.ts';
import { fixed, markdownTable, median } from './stats.ts';

/** Everything measured for one workload: the raw runs and each framework's paired runs. */
export interface WorkloadResults {
  workload: string;
  raw: Run[];
  frameworks: Map<string, Pair[]>;
}

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
  for (const [name, pairs] of result.frameworks) out.set(name, summarize(pairs.map((p) => p.framework), pairs));
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
  return `### ${result.workload}\n\n${markdownTable(['server', 'req/s', 'p99 ms', 'CPU µs/req', 'req/s ÷ raw', 'CPU eff. vs raw', 'errors'], rows)}`;
}

/** One line per target: Halo ≥ 0.95 × raw CPU efficiency, and ahead of fastify and hono (req/s and CPU/request). */
export function targetLines(results: readonly WorkloadResults[]): string[] {
  const lines: string[] = [];
  for (const result of results) {
    const s = summaries(result);
    const halo = s.get('halo')!;
    const eff = halo.cpuEfficiency;
    lines.push(`- ${result.workload}: CPU efficiency ${fixed(eff, 3)} × raw — ${eff >= 0.95 ? 'MET' : `MISSED by ${fixed(0.95 - eff, 3)}`} (target ≥ 0.95).`);
    for (const rival of ['fastify', 'hono']) {
      const r = s.get(rival);
      if (!r) continue;
      const ahead = halo.rpsRatio > r.rpsRatio && halo.cpuEfficiency > r.cpuEfficiency;
      lines.push(
        `  - vs ${rival}: req/s ÷ raw ${fixed(halo.rpsRatio, 3)} vs ${fixed(r.rpsRatio, 3)}, CPU eff. ${fixed(halo.cpuEfficiency, 3)} vs ${fixed(r.cpuEfficiency, 3)} — ${ahead ? 'ahead (MET)' : 'NOT ahead (MISSED)'}.`,
      );
    }
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
    rows.map((r) => [r.workload, fixed(r.haloMicros, 2), fixed(r.honoMicros, 2), fixed(1e6 / r.haloMicros, 0), fixed(1e6 / r.honoMicros, 0), fixed(r.honoMicros / r.haloMicros, 3)]),
  );
}
