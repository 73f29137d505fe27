import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../../runtime/course/tools/serve-program.ts';

/** A Halo program running in its own process group, as a terminal would run it. */
export interface RunningProgram {
  child: ChildProcess;
  origin: string;
  output(): string;
  /** Resolves once the program's output contains `text` (stdout and stderr together). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Sends a signal to the whole process group (what Ctrl-C does) and resolves with the exit code. */
  interrupt(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `command` (e.g. `npm run serve -- file.ts`) with HALO_PORT set to a free port (and `env` added)
 * and waits until the program answers HTTP on it.
 */
export async function runProgram(
  command: string,
  args: string[],
  timeoutMs = 30_000,
  env: Record<string, string> = {},
): Promise<RunningProgram> {
  const port = await freePort();
  const child = spawn(command, args, {
    env: { ...process.env, ...env, HALO_PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early:\n${log}`);
    try {
      await fetch(origin + '/', { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        process.kill(-child.pid!, 'SIGKILL');
        throw new Error(`${command} did not start listening within ${timeoutMs} ms:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    child,
    origin,
    output: () => log,
    async waitForOutput(text, waitMs = 10_000) {
      const until = Date.now() + waitMs;
      while (!log.includes(text)) {
        if (Date.now() > until) throw new Error(`the program never printed ${JSON.stringify(text)}:\n${log}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    interrupt(signal = 'SIGINT') {
      if (child.exitCode === null) process.kill(-child.pid!, signal);
      return exited;
    },
  };
}

/**
 * Runs a TypeScript program the way `npm run serve` does (`node --import tsx`), without npm. The tsx
 * CLI is avoided on purpose: it relays signals to its child and SIGKILLs it when the child does not
 * acknowledge a signal within 30 ms, which a loaded machine misses.
 */
export function runTsFile(file: string, env: Record<string, string> = {}): Promise<RunningProgram> {
  return runProgram(process.execPath, ['--import', 'tsx', file], 30_000, env);
}
