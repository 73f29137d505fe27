import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOAD_CORE, pinned } from './pinning.ts';

/** What one load run sends. */
export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  connections: number;
  seconds: number;
}

/** What one load run measured. */
export interface LoadResult {
  requests: number;
  durationMicros: number;
  p99Micros: number;
  errors: number;
  non2xx: number;
}

/** Which load generator runs: wrk when installed (it needs far less CPU per request), else autocannon (or BENCH_LOAD_TOOL=autocannon). */
export const LOAD_TOOL: 'wrk' | 'autocannon' =
  process.env.BENCH_LOAD_TOOL === 'autocannon' || spawnSync('wrk', ['-v']).error ? 'autocannon' : 'wrk';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

/** Runs one bounded load against `spec.url` on the load core (keep-alive, pipelining 1). */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const [command, args] =
    LOAD_TOOL === 'wrk'
      ? pinned(LOAD_CORE, 'wrk', ['-t1', `-c${spec.connections}`, `-d${spec.seconds}s`, '-s', here('./wrk-workload.lua'), spec.url])
      : pinned(LOAD_CORE, process.execPath, ['--import', 'tsx', here('./autocannon-child.ts'), JSON.stringify(spec)]);
  const env = { ...process.env, BENCH_METHOD: spec.method, BENCH_BODY: spec.body ?? '', BENCH_CONTENT_TYPE: spec.contentType ?? '' };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || !line) reject(new Error(`${LOAD_TOOL} failed (exit ${code}):\n${out}`));
      else resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as LoadResult);
    });
  });
}
