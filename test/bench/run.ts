/**
 * `npm run bench`: raw node:http, Halo's Node adapter, fastify, hono (@hono/node-server) and
 * express on the same four workloads, each server in its own process pinned to core 0 and the load
 * generator pinned to core 1; raw and framework runs alternate in every round. Then an in-process
 * Halo vs Hono `app.fetch` table. Prints everything and writes test/bench/RESULTS.md.
 *
 * Environment knobs (for quick local runs): BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS,
 * BENCH_FRAMEWORKS (comma list, e.g. `halo`), BENCH_WORKLOADS (comma list of paths, e.g. `/echo`), BENCH_NO_WRITE=1 (do not touch RESULTS.md),
 * BENCH_SKIP_INPROC=1, BENCH_LOAD_TOOL=autocannon (use autocannon even where wrk is installed).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bundleBenchmark, bundled } from './bundle.ts';
import { graphQLSection } from './graphql-workload.ts';
import { LOAD_TOOL } from './load.ts';
import { loadSettled } from './machine-load.ts';
import { meanRun, measure } from './measure.ts';
import type { LoadSettings } from './measure.ts';
import { CAN_PIN, SERVER_CORE, pinned } from './pinning.ts';
import { TARGET_EFFICIENCY, TARGET_LEAD_OVER_FASTIFY, allocationSection, httpTable, inProcessTable, targetLines } from './report.ts';
import type { AllocationRow, InProcessRow, WorkloadResults } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { checkWire } from './wire-check.ts';
import { WORKLOADS as ALL_WORKLOADS } from './workloads.ts';
import { fanOutSection, webSocketSection } from './ws-workload.ts';

/** Each workload and section first waits (at most SETTLE_MAX_MS) for the machine's 1-minute load to fall to QUIET_LOAD. */
const QUIET_LOAD = 1.5;
const SETTLE_MAX_MS = 60_000;
const ALL_FRAMEWORKS = ['halo', 'fastify', 'hono', 'express'];
// Many short rounds rather than a few long ones: on a shared machine a stall spoils one short pair, not the median.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WARMUP_SECONDS = 1;
const settings: LoadSettings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 1),
};
const WORKLOADS = process.env.BENCH_WORKLOADS
  ? ALL_WORKLOADS.filter((w) => process.env.BENCH_WORKLOADS!.split(',').includes(w.path))
  : ALL_WORKLOADS;
const frameworks = process.env.BENCH_FRAMEWORKS ? process.env.BENCH_FRAMEWORKS.split(',') : ALL_FRAMEWORKS;

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Node flags of the allocation child: a young generation no loop of allocation.ts fills, and `gc()`. */
const ALLOCATION_FLAGS = ['--expose-gc', '--max-semi-space-size=256', '--min-semi-space-size=256'];

/** Runs a bundled script (in-process.ts, allocation.ts) in its own child on the server core and returns its rows. */
function runBundled<Row>(name: string, nodeFlags: string[] = []): Promise<Row[]> {
  const [command, args] = pinned(SERVER_CORE, process.execPath, [...nodeFlags, bundled(name)]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || !line) reject(new Error(`${name} benchmark failed (exit ${code})`));
      else resolve(JSON.parse(line.slice('BENCH_RESULT '.length)) as Row[]);
    });
  });
}

function machineLine(): string {
  const version = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        .split('\n')[0]
        .trim();
    } catch (error) {
      // `wrk -v` prints its version and then exits non-zero.
      return (
        String((error as { stdout?: string }).stdout ?? 'n/a')
          .split('\n')[0]
          .trim() || 'n/a'
      );
    }
  };
  const loadTool = LOAD_TOOL === 'wrk' ? version('wrk', ['-v']).split(' [')[0] : 'autocannon 8';
  return [
    `nproc ${availableParallelism()} (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
    `node ${process.version}`,
    `load generator: ${loadTool}, 1 thread, ${settings.connections} keep-alive connections, pipelining 1`,
    CAN_PIN ? 'servers pinned to core 0, load generator to core 1 (taskset)' : 'no pinning (taskset or a second core missing)',
  ].join('; ');
}

async function main(): Promise<void> {
  log('bundling the servers (esbuild)…');
  await bundleBenchmark();
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const servers = new Map<string, ServerProcess>();
  try {
    servers.set('raw node:http', await ServerProcess.start('raw node:http', 'raw'));
    for (const name of frameworks) servers.set(name, await ServerProcess.start(name, name));

    const contentTypes: string[] = [];
    for (const server of servers.values()) {
      const seen = await checkWire(server, WORKLOADS);
      contentTypes.push(`${server.name}: ${seen.map((t, i) => `${WORKLOADS[i].name} \`${t}\``).join(', ')}`);
    }
    log('wire check passed: same status, media type, body and content-length everywhere');

    for (const server of servers.values()) {
      for (const w of WORKLOADS) await measure(server, w, { ...settings, seconds: WARMUP_SECONDS });
    }
    log('warm-up done');

    const raw = servers.get('raw node:http')!;
    const results: WorkloadResults[] = [];
    // One workload at a time, so its table can say how loaded the machine was while it ran.
    for (const w of WORKLOADS) {
      const result: WorkloadResults = {
        workload: w.name,
        raw: [],
        frameworks: new Map(frameworks.map((f) => [f, []])),
        load: { start: await loadSettled(QUIET_LOAD, SETTLE_MAX_MS), end: 0 },
      };
      for (let round = 0; round < ROUNDS; round++) {
        // Rotate the framework order every round so none always runs first or last.
        const order = frameworks.map((_, i) => frameworks[(i + round) % frameworks.length]);
        // raw, fw1, raw, fw2, …, raw: each framework run sits between two raw runs, and its ratio
        // is taken against their mean, so a slowdown of the whole machine affects both sides alike.
        let before = await measure(raw, w, settings);
        result.raw.push(before);
        for (const name of order) {
          const run = await measure(servers.get(name)!, w, settings);
          const after = await measure(raw, w, settings);
          result.raw.push(after);
          result.frameworks.get(name)!.push({ raw: meanRun(before, after), framework: run });
          log(
            `round ${round + 1}/${ROUNDS} ${w.name}: raw ${before.cpuMicrosPerRequest.toFixed(1)}/${after.cpuMicrosPerRequest.toFixed(1)} µs/req, ${name} ${run.cpuMicrosPerRequest.toFixed(1)} µs/req, p99 ${run.p99Ms.toFixed(2)} ms`,
          );
          before = after;
        }
      }
      result.load.end = loadavg()[0];
      results.push(result);
      log(['', httpTable(result), '', ...targetLines(result), ''].join('\n'));
    }
    for (const server of servers.values()) server.stop();
    servers.clear();

    const inProcess = process.env.BENCH_SKIP_INPROC ? null : await runBundled<InProcessRow>('in-process');
    const allocation = await runBundled<AllocationRow>('allocation', ALLOCATION_FLAGS);
    const withLoad = async (section: () => Promise<string[]>): Promise<string[]> => {
      await loadSettled(QUIET_LOAD, SETTLE_MAX_MS);
      const before = readFileSync('/proc/loadavg', 'utf8').trim();
      const lines = await section();
      return [
        ...lines.slice(0, -1),
        '',
        `Load (/proc/loadavg) before: ${before}; after: ${readFileSync('/proc/loadavg', 'utf8').trim()}.`,
        '',
      ];
    };
    const sockets = process.env.BENCH_SKIP_WS ? [] : [...(await withLoad(webSocketSection)), ...(await withLoad(fanOutSection))];
    const graphQL = process.env.BENCH_SKIP_GRAPHQL ? [] : await withLoad(graphQLSection);
    const elapsed = Math.round((Date.now() - started) / 1000);
    const report = [
      '# Halo benchmark results',
      '',
      '`npm run bench` (test/bench/run.ts). Numbers are from a shared, noisy 2-core machine: other work',
      'was running, so absolute figures wander between runs. Raw node:http and each framework run',
      'alternate within every round, and the ratios are medians of those paired runs, which keeps',
      'the comparison fair even when the machine as a whole slows down.',
      '',
      `- Date: ${new Date().toISOString()}; whole run took ${elapsed} s.`,
      `- Machine load (1-minute load average, 2 cores): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end${loadBefore > 1.5 ? ' — a busy machine: expect wide scatter, see README.md' : ''}.`,
      `- Machine: ${machineLine()}.`,
      `- Before each workload and each section the bench waits (at most ${SETTLE_MAX_MS / 1000} s) for the 1-minute load to fall to ${QUIET_LOAD}; each table states its load.`,
      `- Rounds: ${ROUNDS} × ${settings.seconds} s per server and workload (after a ${WARMUP_SECONDS} s warm-up of each); one workload at a time; raw node:http runs before and after every framework run (raw, fw1, raw, fw2, …, raw, the order rotating each round), and each ratio is against the mean of the two raw runs around it.`,
      "- Every server (and the in-process script) is bundled by esbuild (test/bench/bundle.ts: Halo and the benchmark's own code compiled, other packages as published) and runs in plain `node`, no loader, NODE_ENV=production.",
      "- CPU µs/req: the server process's own `process.cpuUsage()` (user + system) over the run ÷ requests completed.",
      '  "CPU eff. vs raw" = raw\'s CPU/request ÷ the framework\'s (1.00 = as cheap as raw node:http); "req/s ÷ raw" likewise for throughput.',
      '- Same wire output everywhere (checked before measuring): status, media type, charset, body, content-length.',
      '  Express has ETag and X-Powered-By turned off. Content types as sent:',
      ...contentTypes.map((t) => `  - ${t}`),
      '',
      '## HTTP (server on one core)',
      '',
      ...results.flatMap((r) => [httpTable(r), '', ...targetLines(r), '']),
      ...(inProcess ? ['## In-process: `app.fetch(new Request(...))`, response body read', '', inProcessTable(inProcess), ''] : []),
      ...allocationSection(allocation),
      ...sockets,
      ...graphQL,
      `## Targets (p99 at or below fastify's; CPU efficiency ahead of fastify's by ≥ ${TARGET_LEAD_OVER_FASTIFY} and at least ${TARGET_EFFICIENCY} × raw)`,
      '',
      ...results.flatMap((r) => targetLines(r)),
      '',
    ].join('\n');
    process.stdout.write(report);
    if (!process.env.BENCH_NO_WRITE) writeFileSync(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), report);
  } finally {
    for (const server of servers.values()) server.stop();
  }
}

await main();
