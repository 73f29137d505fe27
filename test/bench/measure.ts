import { runLoad } from './load.ts';
import type { ServerProcess } from './server-process.ts';
import type { Workload } from './workloads.ts';

/** Load settings shared by every run. */
export interface LoadSettings {
  connections: number;
  seconds: number;
}

/** One measured run of one workload against one server. */
export interface Run {
  requests: number;
  rps: number;
  p99Ms: number;
  cpuMicrosPerRequest: number;
  failures: number;
}

/** Drives `workload` at `server` for `settings.seconds`, reading the server's own CPU time around it. */
export async function measure(server: ServerProcess, workload: Workload, settings: LoadSettings): Promise<Run> {
  const cpuBefore = await server.cpuMicros();
  const load = await runLoad({
    url: server.origin + workload.path,
    method: workload.method,
    body: workload.body,
    contentType: workload.headers?.['content-type'],
    ...settings,
  });
  const cpuAfter = await server.cpuMicros();
  return {
    requests: load.requests,
    rps: load.requests / (load.durationMicros / 1e6),
    p99Ms: load.p99Micros / 1000,
    cpuMicrosPerRequest: (cpuAfter - cpuBefore) / Math.max(1, load.requests),
    failures: load.errors + load.non2xx,
  };
}

/** A framework run and the raw node:http run made just before it, so their ratio shares the machine's mood. */
export interface Pair {
  raw: Run;
  framework: Run;
}

/** The mean of two runs (the raw runs on either side of a framework run). */
export function meanRun(a: Run, b: Run): Run {
  return {
    requests: a.requests + b.requests,
    rps: (a.rps + b.rps) / 2,
    p99Ms: (a.p99Ms + b.p99Ms) / 2,
    cpuMicrosPerRequest: (a.cpuMicrosPerRequest + b.cpuMicrosPerRequest) / 2,
    failures: a.failures + b.failures,
  };
}
