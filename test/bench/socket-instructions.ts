/**
 * Instructions per request of raw node:http and Halo over real loopback sockets, counted by valgrind
 * (`npx tsx test/bench/socket-instructions.ts`, about 10 minutes; needs valgrind). Wall-clock CPU time on
 * a shared two-core machine scatters by ±15 % per run; instruction counts repeat within a few percent
 * under any load. Each server (bundled, see bundle.ts) runs under callgrind with V8 tiering up early
 * (`--interrupt-budget`, so that the measured requests run optimized code as they would after a long
 * warm-up at full speed); a keep-alive client in this process sends `WARM` requests, the counters are
 * zeroed, `COUNT` more are sent and the counters dumped. The figure is the main thread's (the event
 * loop, where node:http and the app run); V8's compiler and GC threads are reported beside it.
 * `SOCKET_WORKLOADS=/echo` picks workloads by path; ports 47600–47601 (`SOCKET_FIRST_PORT` moves them).
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleBenchmark, bundled } from './bundle.ts';
import { sendRequests } from './keep-alive-client.ts';
import { WORKLOADS } from './workloads.ts';
import type { Workload } from './workloads.ts';

const WARM = Number(process.env.SOCKET_WARM ?? 2000);
const COUNT = Number(process.env.SOCKET_COUNT ?? 4000);
const CONNECTIONS = 50;
const SERVERS = ['raw', 'halo'] as const;
const FIRST_PORT = Number(process.env.SOCKET_FIRST_PORT ?? 47600);

/** Instructions per request on the main thread and on all others. */
interface Count {
  main: number;
  others: number;
}

async function countInstructions(server: string, port: number, workload: Workload, dir: string): Promise<Count> {
  const out = join(dir, `${server}.${port}.${workload.path.replace(/\W/g, '')}`);
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${out}`, 'node', '--interrupt-budget=4000', bundled(server)],
    { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, NODE_ENV: 'production', BENCH_PORT: String(port) } },
  );
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (text: Buffer) => text.includes('listening') && resolve(null));
    child.once('exit', (code) => reject(new Error(`${server} exited before listening (code ${code})`)));
  });
  await sendRequests(port, workload, WARM, CONNECTIONS);
  execFileSync('callgrind_control', ['-z', String(child.pid)]);
  await sendRequests(port, workload, COUNT, CONNECTIONS);
  execFileSync('callgrind_control', ['-d', String(child.pid)]);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  // The dump after zeroing is part 1: `<out>.1-<thread>`, thread 01 being the main thread.
  const prefix = `${out.split('/').pop()}.1-`;
  let main = 0;
  let others = 0;
  for (const file of readdirSync(dir).filter((f) => f.startsWith(prefix))) {
    const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? 0);
    if (file.endsWith('-01')) main = total;
    else others += total;
  }
  return { main: main / COUNT, others: others / COUNT };
}

await bundleBenchmark();
const dir = mkdtempSync(join(tmpdir(), 'socket-instructions-'));
const only = process.env.SOCKET_WORKLOADS?.split(',');
console.log(`| workload | raw Ir/req (main thread) | Halo Ir/req | Halo adds | raw ÷ Halo | other threads raw / Halo |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: |`);
for (const workload of WORKLOADS.filter((w) => !only || only.includes(w.path))) {
  const [raw, halo] = await Promise.all(SERVERS.map((s, i) => countInstructions(s, FIRST_PORT + i, workload, dir)));
  const cells = [raw.main, halo.main, halo.main - raw.main].map((n) => Math.round(n).toLocaleString('en'));
  const others = `${Math.round(raw.others).toLocaleString('en')} / ${Math.round(halo.others).toLocaleString('en')}`;
  console.log(`| ${workload.name} | ${cells.join(' | ')} | ${(raw.main / halo.main).toFixed(3)} | ${others} |`);
}
