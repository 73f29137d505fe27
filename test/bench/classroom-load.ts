/**
 * The classroom load test (`npx tsx test/bench/classroom-load.ts`, about 2½ minutes; not part of `npm test`):
 * LEARNERS simulated learners (Node WebSocket clients) share and send a check result every 2 s for SECONDS
 * to a class server in its own process, while one dashboard connection (the teacher key) receives every
 * change. Reports results sent and received, send→dashboard latency (p50, p95, max) and the server's RSS
 * over time, with the machine's load average. Exits 1 when a result is missing or p95 ≥ 1 s.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { REPO_ROOT } from '../../runtime/course/course-dir.ts';
import type { ClassLesson } from '../../runtime/classroom/class-protocol.ts';

const LEARNERS = Number(process.env.CLASS_LOAD_LEARNERS) || 30;
const SECONDS = Number(process.env.CLASS_LOAD_SECONDS) || 120;
const EVERY_MS = 2000;

type Message = { id?: number; event?: string; data?: { learnerId: string; check: number }; result?: unknown; error?: unknown };

const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').trim();
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const server = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/bench/classroom-server.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const started = await new Promise<{ url: string; code: string; key: string; lesson: ClassLesson }>((resolve) => {
  let out = '';
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as never);
  });
});
const wsBase = started.url.replace(/^http/, 'ws');
const checks = started.lesson.checks.length;

// The teacher's dashboard: every result's arrival time, matched to its send by learner and check.
const sentAt = new Map<string, number[]>();
const latencies: number[] = [];
const dashboard = await openSocket(`${wsBase}/api/ws?key=${encodeURIComponent(started.key)}`);
dashboard.on('message', (raw) => {
  const message = JSON.parse((raw as Buffer).toString('utf8')) as Message;
  if (message.event !== 'api/results created' || !message.data) return;
  const when = sentAt.get(`${message.data.learnerId}:${message.data.check}`)?.shift();
  if (when !== undefined) latencies.push(performance.now() - when);
});

// The learners: each shares (REST), then sends over its own socket.
const learners = await Promise.all(
  Array.from({ length: LEARNERS }, async (_, index) => {
    const secret = `learner-${index}-${'s'.repeat(40)}`;
    const response = await fetch(`${started.url}/api/learners`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-class-code': started.code },
      body: JSON.stringify({ name: `Learner ${index}`, secret }),
    });
    const { id } = (await response.json()) as { id: string };
    const socket = await openSocket(`${wsBase}/api/ws?code=${started.code}&learner=${id}&secret=${secret}`);
    return { id, socket };
  }),
);

const rss: { second: number; mib: number }[] = [];
const begin = performance.now();
let sent = 0;
let refused = 0;
const timers = learners.map(({ id, socket }, index) => {
  let seq = 0;
  socket.on('message', (raw) => {
    if ((JSON.parse((raw as Buffer).toString('utf8')) as Message).error) refused++;
  });
  const send = () => {
    const check = seq % checks;
    const failing = seq % 3 === 0;
    const key = `${id}:${check}`;
    sentAt.set(key, [...(sentAt.get(key) ?? []), performance.now()]);
    const data = {
      lesson: started.lesson.id,
      check,
      passed: !failing,
      ...(failing
        ? { failure: { request: 'GET /', expected: '{"status":200}', got: '404\n', reasons: ['Expected status 200, but got 404.'] } }
        : {}),
    };
    socket.send(JSON.stringify({ id: ++seq, call: 'api/results.create', data }));
    sent++;
  };
  // Spread over the 2 s, as a class does.
  return setTimeout(
    () => {
      send();
      timers[index] = setInterval(send, EVERY_MS);
    },
    (EVERY_MS * index) / LEARNERS,
  );
});
const sampler = setInterval(() => rss.push({ second: Math.round((performance.now() - begin) / 1000), mib: rssMiB(server.pid!) }), 5000);
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
for (const timer of timers) clearInterval(timer);
clearInterval(sampler);
// Let the last results arrive.
const deadline = performance.now() + 5000;
while (latencies.length < sent && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

const sorted = [...latencies].sort((a, b) => a - b);
const afterWarmup = rss.filter((sample) => sample.second >= 20);
const report = {
  learners: LEARNERS,
  seconds: SECONDS,
  sent,
  received: latencies.length,
  refused,
  p50Ms: +percentile(sorted, 50).toFixed(1),
  p95Ms: +percentile(sorted, 95).toFixed(1),
  maxMs: +sorted[sorted.length - 1].toFixed(1),
  rssMiB: rss.map((sample) => `${sample.second}s:${sample.mib.toFixed(1)}`).join(' '),
  rssGrowthAfterWarmupMiB: +(afterWarmup[afterWarmup.length - 1].mib - afterWarmup[0].mib).toFixed(1),
  loadavg: loadavg(),
};
console.log(JSON.stringify(report, null, 2));
for (const { socket } of learners) socket.close();
dashboard.close();
server.kill('SIGKILL');
process.exitCode = report.received === report.sent && report.refused === 0 && report.p95Ms < 1000 ? 0 : 1;
