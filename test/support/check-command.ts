import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

/** What `npm run check -- …` printed and how it exited. */
export interface CheckCommandResult {
  code: number | null;
  output: string;
}

/** Runs the check command (what `npm run check --` runs) in its own process with `args`. */
export function runCheckCommand(args: string[]): Promise<CheckCommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'runtime/course/tools/check-cli.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
