import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

/** What a command printed (stdout and stderr, interleaved as they came) and how it exited. */
export interface CommandResult {
  code: number | null;
  output: string;
}

/** Runs one of the repository's TypeScript commands (`script`, from the repository root) with tsx (by its path: `cwd` may be any folder) in its own process. */
export function runTsCommand(script: string, args: readonly string[], cwd = REPO_ROOT): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(REPO_ROOT, script), ...args], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '' },
      // stdin is not a terminal: a command that would ask on one runs with its defaults.
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
