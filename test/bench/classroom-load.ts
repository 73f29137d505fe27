/**
 * The classroom load test (`npx tsx test/bench/classroom-load.ts`, about 2½ minutes; not part of `npm test`):
 * LEARNERS simulated learners (Node WebSocket clients) share and send a check result every 2 s for SECONDS
 * to a class server in its own process, while one dashboard connection (the teacher key) receives every
 * change. Reports results sent and received, send→dashboard latency (p50, p95, max) and the server's RSS
 * over time, with the machine's load average. Exits 1 when a result is missing or p95 ≥ 1 s.
 */
import { joinLearners, loadavg, openSocket, percentile, rssMiB, sendResults, startBenchClass } from './classroom-learners.ts';

const LEARNERS = Number(process.env.CLASS_LOAD_LEARNERS) || 30;
const SECONDS = Number(process.env.CLASS_LOAD_SECONDS) || 120;

type Message = { event?: string; data?: { learnerId: string; check: number } };

const started = await startBenchClass();
const server = started.server;

// The teacher's dashboard: every result's arrival time, matched to its send by learner and check.
const sentAt = new Map<string, number[]>();
const latencies: number[] = [];
const dashboard = await openSocket(`${started.url.replace(/^http/, 'ws')}/api/ws?key=${encodeURIComponent(started.key)}`);
dashboard.on('message', (raw) => {
  const message = JSON.parse((raw as Buffer).toString('utf8')) as Message;
  if (message.event !== 'api/results created' || !message.data) return;
  const when = sentAt.get(`${message.data.learnerId}:${message.data.check}`)?.shift();
  if (when !== undefined) latencies.push(performance.now() - when);
});

const learners = await joinLearners(started, LEARNERS);
const rss: { second: number; mib: number }[] = [];
const begin = performance.now();
let sent = 0;
let refused = 0;
const stop = sendResults(learners, started.lesson, {
  send: (learner, check, at) => {
    const key = `${learner.id}:${check}`;
    sentAt.set(key, [...(sentAt.get(key) ?? []), at]);
    sent++;
  },
  reply: (reply) => void (reply.refused && refused++),
});
const sampler = setInterval(() => rss.push({ second: Math.round((performance.now() - begin) / 1000), mib: rssMiB(server.pid!) }), 5000);
await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
stop();
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
