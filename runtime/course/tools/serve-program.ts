import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HALO_ROOT, programImport } from './halo-home.ts';

/**
 * What a program's Node process imports first: tsx (TypeScript), `halo` resolved to this framework from a program
 * anywhere (resolve-halo.ts), an exit when this process goes (exit-with-parent.ts), and a report of each port the
 * program listens on (report-listening.ts). tsx by its own path: the program's folder need not have it installed.
 */
const PROGRAM_IMPORTS = [
  import.meta.resolve('tsx'),
  programImport('resolve-halo'),
  programImport('exit-with-parent'),
  programImport('report-listening'),
];

/** A Halo program running in a child process. */
export interface RunningProgram {
  /** `http://localhost:<port>`. */
  origin: string;
  /** Everything the program printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** Stops the program and waits for it to exit. */
  stop: () => Promise<void>;
  /** Stops the program and starts it again on the same port, with the same data dir; resolves once it listens. */
  restart: () => Promise<void>;
}

/** One run of a program: its own output, whether it has exited, and how to stop it. */
interface ProgramRun {
  /** What this run printed (stdout and stderr). */
  output: () => string;
  hasExited: () => boolean;
  /** Whether the program itself said it listens on its port (report-listening.ts). */
  listening: () => boolean;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  /** Kills the process if it still runs, and waits for it to exit. */
  stop: () => Promise<void>;
}

/** Starts `file` with tsx and `halo` resolved to this repository, on `port` with `dataDir`; hands each chunk it prints to `collect`. */
function spawnProgram(
  file: string,
  { port, dataDir, env }: { port: number; dataDir: string; env: Record<string, string> },
  collect: (text: string) => void,
): ProgramRun {
  const child = spawn(process.execPath, [...PROGRAM_IMPORTS.flatMap((module) => ['--import', module]), file], {
    cwd: HALO_ROOT,
    // HALO_TRACE=header: a check that expects something of a request's trace gets it (see runtime/node/trace-mode.ts).
    env: { ...process.env, HALO_PORT: String(port), HALO_DATA_DIR: dataDir, NODE_OPTIONS: '', HALO_TRACE: 'header', ...env },
    // stdin is a pipe only so that the program notices when this process is gone (exit-with-parent.ts); the IPC
    // channel carries the ports it listens on (report-listening.ts).
    stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
  });
  let listening = false;
  child.on('message', (message: { listening?: number }) => {
    if (message.listening === port) listening = true;
  });
  let own = '';
  const onData = (chunk: Buffer) => {
    own += chunk.toString();
    collect(chunk.toString());
  };
  // Pipes, as stdio says (with an IPC channel in it, the types no longer know).
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  return {
    output: () => own,
    hasExited: () => hasExited,
    listening: () => listening,
    exited,
    stop: async () => {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Runs a program file with tsx on a free port (via `HALO_PORT`, which overrides the port the program
 * names) and resolves once the program itself listens there (it says so, report-listening.ts: that the port answers
 * could be another process that took it meanwhile). Rejects when the program exits first or
 * does not listen within `timeoutMs` (a bound for a failure, not an expected time: tsx's first start on a
 * busy machine takes seconds). A port taken between finding it free and the program's listen (another
 * process's race) is not the program's fault: it starts again on another free port. Each program gets its own empty `HALO_DATA_DIR` (where a
 * PgService keeps its data on Node), kept across `restart()` and removed by `stop()`. `env` is added to
 * (and overrides) the program's environment.
 */
export async function serveProgram(file: string, timeoutMs = 60_000, env: Record<string, string> = {}): Promise<RunningProgram> {
  let port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'halo-lesson-data-'));
  let output = '';
  let stopCurrent: () => Promise<void> = async () => {};
  const launch = async (): Promise<void> => {
    const run = spawnProgram(file, { port, dataDir, env }, (text) => (output += text));
    stopCurrent = run.stop;
    const deadline = Date.now() + timeoutMs;
    while (!run.listening()) {
      if (run.hasExited()) {
        await run.exited;
        if (/EADDRINUSE/.test(run.output()) && portChanges > 0) {
          portChanges -= 1;
          port = await freePort();
          return launch();
        }
        throw new Error(`${file} exited before listening on port ${port}. Output:\n${output}`);
      }
      if (Date.now() > deadline) {
        await stopCurrent();
        throw new Error(`${file} did not listen on port ${port} within ${timeoutMs} ms. Output:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let portChanges = 3;
  const stop = async (): Promise<void> => {
    await stopCurrent();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await launch();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // A restart keeps the port: the checks' requests name it.
  const restart = async (): Promise<void> => {
    await stopCurrent();
    portChanges = 0;
    await launch();
  };
  return { origin: `http://localhost:${port}`, output: () => output, stop, restart };
}

/**
 * Every port {@link freePort} handed out in this process: a program given one may not listen on it yet (tsx takes
 * seconds to start on a busy machine), or be restarting on it, and a second program given the same port would then
 * find it answering, and send its checks to the first program.
 */
const handedOut = new Set<number>();
/** Picks before a port handed out already is returned all the same (there are some 28,000 ephemeral ports). */
const PICKS = 50;

/** A port nobody listens on right now (on 127.0.0.1), and none this process handed out before. */
export async function freePort(): Promise<number> {
  let port = 0;
  for (let pick = 0; pick < PICKS; pick++) {
    port = await unusedPort();
    if (!handedOut.has(port)) break;
  }
  handedOut.add(port);
  return port;
}

/** A port the system finds free right now (on 127.0.0.1). */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
