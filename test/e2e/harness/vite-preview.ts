import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../runtime/course/tools/serve-program.ts';
import { resolve } from 'node:path';
import { REPO_ROOT } from './paths.ts';

/** `vite preview` of a built site, running as a child process. */
export interface VitePreview {
  /** The site's root URL, ending in `/`. */
  url: string;
  /** Kills the server (the host is gone: every connection is refused) and waits until it has exited. */
  stop(): Promise<void>;
}

const STARTUP_MS = 60_000;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', () => done()));
}

/**
 * Serves `dir` with the repository's own `vite preview` (what `npm start` runs) on 127.0.0.1 and a free
 * port; resolves once it answers.
 */
export async function startVitePreview(dir: string): Promise<VitePreview> {
  const port = await freePort();
  const vite = resolve(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'preview', '--outDir', dir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`vite preview did not answer at ${url} within ${STARTUP_MS / 1000} s:\n${output}`);
}
