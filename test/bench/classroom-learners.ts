/**
 * What the classroom benches share: the class server in its own process, simulated learners (each shares
 * over REST with its own secret, then sends check results over its own WebSocket, every 2 s, spread over
 * the 2 s as a class does), and the figures' helpers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import type { ClassLesson, ResultRecord } from '../../runtime/classroom/class-protocol.ts';

/** How often each learner sends a result. */
export const EVERY_MS = 2000;

/** The class server the bench started. */
export interface BenchClass {
  server: ChildProcess;
  url: string;
  code: string;
  key: string;
  lesson: ClassLesson;
}

/** One simulated learner. */
export interface BenchLearner {
  id: string;
  name: string;
  socket: WebSocket;
}

type Message = { id?: number; event?: string; data?: unknown; result?: unknown; error?: unknown };

/** The server's resident memory in MiB. */
export const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** The machine's load (`/proc/loadavg`). */
export const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').trim();
/** The `p`th percentile of sorted numbers. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Opens a WebSocket and resolves once it is open. */
export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Starts `classroom-server.ts` in its own process (serving `siteDir` when given) and reads its address, code and key. */
export async function startBenchClass(siteDir?: string): Promise<BenchClass> {
  const server = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/bench/classroom-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(siteDir ? { CLASS_BENCH_SITE: siteDir } : {}) },
  });
  // A bench that fails half-way leaves no class server behind.
  process.once('exit', () => server.kill('SIGKILL'));
  const started = await new Promise<Omit<BenchClass, 'server'>>((resolve, reject) => {
    let out = '';
    server.once('exit', (code) => reject(new Error(`the class server exited (${code})`)));
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as never);
    });
  });
  return { server, ...started };
}

/** `count` learners who share (REST, as the learner's page does) and each open their own socket. */
export function joinLearners(started: BenchClass, count: number): Promise<BenchLearner[]> {
  const wsBase = started.url.replace(/^http/, 'ws');
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const secret = `learner-${index}-${'s'.repeat(40)}`;
      const name = `Learner ${index}`;
      const response = await fetch(`${started.url}/api/learners`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-class-code': started.code },
        body: JSON.stringify({ name, secret }),
      });
      if (!response.ok) throw new Error(`learner ${index} could not share: ${response.status} ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      const socket = await openSocket(`${wsBase}/api/ws?code=${started.code}&learner=${id}&secret=${secret}`);
      return { id, name, socket };
    }),
  );
}

/** What a learner's send is told: the stored result (with the server's `at`), or that it was refused. */
type Reply = { learner: BenchLearner; check: number; sentAt: number; result?: ResultRecord; refused: boolean };

/**
 * Every learner sends a result of `lesson` every 2 s (checks in turn, every third one failing with its
 * expected vs got), spread over the 2 s, until `stop` is called. `onSend` hears each send, `onReply` each answer.
 */
export function sendResults(
  learners: BenchLearner[],
  lesson: ClassLesson,
  on: { send?: (learner: BenchLearner, check: number, at: number) => void; reply?: (reply: Reply) => void },
): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  learners.forEach((learner, index) => {
    let seq = 0;
    const sent = new Map<number, { check: number; sentAt: number }>();
    learner.socket.on('message', (raw) => {
      const message = JSON.parse((raw as Buffer).toString('utf8')) as Message;
      const send = message.id === undefined ? undefined : sent.get(message.id);
      if (!send) return;
      sent.delete(message.id!);
      on.reply?.({ learner, ...send, result: message.result as ResultRecord | undefined, refused: message.error !== undefined });
    });
    const send = () => {
      const check = seq % lesson.checks.length;
      const failing = seq % 3 === 0;
      const data = {
        lesson: lesson.id,
        check,
        passed: !failing,
        ...(failing
          ? { failure: { request: 'GET /', expected: '{"status":200}', got: '404\n', reasons: ['Expected status 200, but got 404.'] } }
          : {}),
      };
      const sentAt = Date.now();
      sent.set(++seq, { check, sentAt });
      on.send?.(learner, check, performance.now());
      learner.socket.send(JSON.stringify({ id: seq, call: 'api/results.create', data }));
    };
    timers[index] = setTimeout(
      () => {
        send();
        timers[index] = setInterval(send, EVERY_MS);
      },
      (EVERY_MS * index) / learners.length,
    );
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
