/**
 * Profiles Halo's JSON POST path: bundles the benchmark, runs the Halo server under `node --cpu-prof`
 * pinned to the server core, loads `POST /echo` for BENCH_SECONDS (default 10), stops it with SIGTERM
 * (which lets the profile be written) and prints where the server's CPU went, by step: reading the
 * body, JSON parse and the depth check, the handler (the "service call"), serialising and sending the
 * response, routing and the pipeline, and node:http / the kernel below them. `npx tsx test/bench/profile-post.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleBenchmark, bundled } from './bundle.ts';
import { runLoad } from './load.ts';
import { pinned, SERVER_CORE } from './pinning.ts';
import { POST_BODY, ROUTES } from './workloads.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** The steps of the POST path, each the functions whose time (with what they call) belongs to it; first match wins. */
const STEPS: [string, RegExp][] = [
  ['JSON parse + depth check', /^(parseJsonBody|assertJsonDepth|dropUnsafeKeys|parse)$/],
  ['body read', /^(parseBody|readBody|bytes|read|concat|collect|onData)$/],
  ['handler (service call)', /^(postPayload)$/],
  ['serialise + send', /^(json|stringify|sendResponse|writeResponse|send|end|writeHead|setHeader)$/],
  ['routing + pipeline', /^(handle|match|runPipeline|splitRequestPath|effectiveMethod)$/],
];

function summarise(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const steps = new Map<string, number>();
  const selfTime = new Map<string, number>();
  let total = 0;
  for (const [id, count] of counts) {
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') continue;
    total += count;
    const self = `${leaf.callFrame.functionName || '(anonymous)'} ${leaf.callFrame.url.split('/').slice(-2).join('/')}`;
    selfTime.set(self, (selfTime.get(self) ?? 0) + count);
    // The outermost matching frame on the stack names the step (Halo frames only for the generic names).
    let step = leaf.callFrame.functionName === '(garbage collector)' ? 'garbage collection' : 'node:http, kernel, other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const halo = /\/dist\/\w+\.mjs$/.test(frame.url);
      const found = STEPS.find(([, names]) => names.test(frame.functionName));
      if (found && (halo || frame.functionName === 'parse' || frame.functionName === 'stringify')) step = found[0];
    }
    steps.set(step, (steps.get(step) ?? 0) + count);
  }
  console.log(`\n${total} samples (idle excluded)\n\n| step | share of server CPU |\n|---|---:|`);
  for (const [step, count] of [...steps].sort((a, b) => b[1] - a[1])) console.log(`| ${step} | ${((100 * count) / total).toFixed(1)} % |`);
  console.log('\nTop self time:');
  for (const [name, count] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
await bundleBenchmark();
const dir = mkdtempSync(join(tmpdir(), 'halo-post-profile-'));
const serverName = process.env.BENCH_PROFILE_SERVER ?? 'halo';
const [command, args] = pinned(SERVER_CORE, process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, bundled(serverName)]);
const server = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
const url = await new Promise<string>((resolve) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const found = /listening on (\S+)/.exec(out);
    if (found) resolve(found[1]);
  });
});
const load = await runLoad({
  url: url + ROUTES.post,
  method: 'POST',
  body: POST_BODY,
  contentType: 'application/json',
  connections: 50,
  seconds,
});
const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;
console.log(
  `POST ${ROUTES.post}: ${load.requests} requests in ${(load.durationMicros / 1e6).toFixed(1)} s, p99 ${(load.p99Micros / 1000).toFixed(2)} ms, load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
);
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
console.log(`\nprofile: ${join(dir, file)}`);
