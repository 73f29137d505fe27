/**
 * Profiles the WebSocket provider's request/reply path: ws-server.ts (kind `halo-unpublished` by default, or
 * BENCH_PROFILE_SERVER: `halo`, `ws`) under `node --cpu-prof`, driven by the WebSocket workload's clients for
 * BENCH_SECONDS (default 10), then prints the server's CPU by function: self time, and total time (the
 * samples with the function anywhere on the stack) for the functions of the runtime/ folder.
 * `npx tsx test/bench/profile-ws.ts`.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchChild } from './bench-child.ts';
import { drive } from './ws-workload.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

const nameOf = (node: ProfileNode): string =>
  `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;

function summarise(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let samples = 0;
  for (const id of profile.samples) {
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)' || leaf.callFrame.functionName === '(program)') continue;
    samples++;
    self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + 1);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (node.callFrame.url.includes('/runtime/')) onStack.add(nameOf(node));
    }
    for (const name of onStack) total.set(name, (total.get(name) ?? 0) + 1);
  }
  const print = (title: string, counts: Map<string, number>, rows: number): void => {
    console.log(`\n${title}`);
    for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, rows))
      console.log(`  ${((100 * count) / samples).toFixed(1).padStart(5)} %  ${name}`);
  };
  console.log(`\n${samples} samples (idle and (program) excluded)`);
  print('Self time:', self, 30);
  print('Total time (runtime/ functions):', total, 30);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const kind = process.env.BENCH_PROFILE_SERVER ?? 'halo-unpublished';
const dir = mkdtempSync(join(tmpdir(), 'halo-ws-profile-'));
const server = await startBenchChild(new URL('./ws-server.ts', import.meta.url), kind, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
await drive(server.port, 1);
const before = await server.cpuMicros();
const messages = await drive(server.port, seconds);
const cpu = (await server.cpuMicros()) - before;
await server.exit();
console.log(
  `${kind}: ${messages} messages in ${seconds} s, ${(cpu / messages).toFixed(1)} µs CPU/message (profiler on), load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
console.log(`\nprofile: ${join(dir, file)}`);
