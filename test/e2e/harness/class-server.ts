/** `npm run classroom`'s command in a child process, on 127.0.0.1 and a free port, serving the production build. */
import { spawn, type ChildProcess } from 'node:child_process';
import { distDir, REPO_ROOT } from './paths.ts';
import { FIRST } from './wait.ts';

/** A running class and what its command printed. */
export interface RunningClass {
  server: ChildProcess;
  /** Everything the command printed so far. */
  output(): string;
  joinUrl: string;
  code: string;
  dashboardUrl: string;
  teacherKey: string;
}

/** Starts the class command with `args` added and waits until it prints the teacher's key. */
export async function startClass(args: string[] = []): Promise<RunningClass> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'runtime/classroom/classroom-cli.ts', '--host', '127.0.0.1', '--port', '0', '--site', distDir(), ...args],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + FIRST.timeout;
  while (!/Teacher key\s+\S+/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the class did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const field = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '';
  return {
    server,
    output: () => output,
    joinUrl: field(/Learners open\s+(\S+)/),
    code: field(/Class code\s+(\S+)/),
    dashboardUrl: field(/(http:\/\/\S+\/dashboard#key=\S+)/),
    teacherKey: field(/Teacher key\s+(\S+)/),
  };
}
