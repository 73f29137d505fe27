import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root, where `halo` resolves to the package itself. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A Halo program running in a child process. */
export interface RunningProgram {
  /** `http://localhost:<port>`. */
  origin: string;
  /** Everything the program printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  /** Stops the program and waits for it to exit. */
  stop: () => Promise<void>;
}

/** A free TCP port, found by letting the OS pick one for a throwaway server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs a program file with tsx on a free port (via `HALO_PORT`, which overrides the port the program
 * names) and resolves once the port accepts connections. Rejects when the program exits first or
 * does not listen within `timeoutMs`.
 */
export async function serveProgram(file: string, timeoutMs = 20_000): Promise<RunningProgram> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: repoRoot,
    env: { ...process.env, HALO_PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const stop = async (): Promise<void> => {
    if (!hasExited) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await portAnswers(port))) {
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(`${file} did not start listening on port ${port}${hasExited ? ' (it exited)' : ''}. Output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin: `http://localhost:${port}`, output: () => output, stop };
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
