import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { bundled } from './bundle.ts';
import { SERVER_CORE, pinned } from './pinning.ts';

/** The ports servers take in turn when `BENCH_PORT` is set (one port each, counting up from it), else 0 (a free one). */
let nextPort = Number(process.env.BENCH_PORT ?? 0);

/** One benchmark server running in its own child process, pinned to the server core. */
export class ServerProcess {
  private constructor(
    /** Display name (`raw node:http`, `halo`, …). */
    readonly name: string,
    /** `http://127.0.0.1:<port>`. */
    readonly origin: string,
    private readonly child: ChildProcess,
  ) {}

  /** Starts the bundled `servers/<file>.ts` (see bundle.ts) in plain node and waits for its port. */
  static async start(name: string, file: string): Promise<ServerProcess> {
    const [command, args] = pinned(SERVER_CORE, process.execPath, [bundled(file)]);
    const port = nextPort;
    if (nextPort) nextPort++;
    const child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production', BENCH_PORT: String(port) },
    });
    const listening = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`${name} server exited early (code ${code})`)));
    });
    return new ServerProcess(name, `http://127.0.0.1:${listening}`, child);
  }

  /** The server process's total CPU time (user + system) so far, in microseconds. */
  cpuMicros(): Promise<number> {
    return new Promise((resolve) => {
      this.child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros));
      this.child.send('cpu');
    });
  }

  /** Stops the server. */
  stop(): void {
    this.child.kill('SIGTERM');
  }
}
