/**
 * A bench server in its own process (ws-server.ts, graphql-server.ts): it prints its port, then
 * answers each `cpu` line on stdin with its process.cpuUsage() as JSON, and exits on an `exit` line
 * (an exit that lets `node --cpu-prof` write its profile).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A running bench server. */
export interface BenchChild {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** The server's CPU time so far (user + system), in microseconds. */
  cpuMicros(): Promise<number>;
  stop(): void;
  /** Asks the server to exit by itself and resolves once it did. */
  exit(): Promise<void>;
}

/** Starts `script` (a URL beside the caller) with `kind` as its argument, in production mode, with `nodeFlags` (e.g. `--cpu-prof`). */
export async function startBenchChild(script: URL, kind: string, nodeFlags: string[] = []): Promise<BenchChild> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', fileURLToPath(script), kind], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const lines: string[] = [];
  let wake: (() => void) | null = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    wake?.();
  });
  const nextLine = async (): Promise<string> => {
    const deadline = Date.now() + 30_000;
    while (lines.length === 0) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`The ${kind} bench server did not answer.`);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
    }
    return lines.shift()!;
  };
  const port = Number(await nextLine());
  return {
    child,
    port,
    async cpuMicros() {
      child.stdin.write('cpu\n');
      const usage = JSON.parse(await nextLine()) as NodeJS.CpuUsage;
      return usage.user + usage.system;
    },
    stop: () => void child.kill(),
    exit: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.write('exit\n');
      await exited;
    },
  };
}

/** The server side of the protocol: prints `port` and answers `cpu` lines. */
export function serveBenchChild(port: number): void {
  process.stdout.write(`${port}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'cpu') process.stdout.write(`${JSON.stringify(process.cpuUsage())}\n`);
    if (line === 'exit') process.exit(0);
  });
}
