import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs the TypeScript file `cli` in a child process with an output path as its argument and resolves with
 * what it wrote there: build steps that take seconds of CPU overlap Vite's own work instead of blocking it.
 */
export function outputOfChild(cli: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'halo-build-'));
  const out = join(dir, 'output');
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  return new Promise<Uint8Array>((done, fail) => {
    const child = spawn(process.execPath, [tsx, cli, out], { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(readFileSync(out)) : fail(new Error(`${cli} failed (exit ${code}):\n${errors}`))));
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}
