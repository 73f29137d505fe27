import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/course/course-dir.ts';

// `npm run classroom`: the command a teacher runs, in a child process on 127.0.0.1 and a free port, serving a
// prebuilt site (`--site`; building the real one takes minutes and belongs to the e2e test).

const site = mkdtempSync(join(tmpdir(), 'halo-classroom-cli-'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
mkdirSync(join(site, 'web/classroom'), { recursive: true });
writeFileSync(join(site, 'web/classroom/dashboard.html'), '<!doctype html><title>Halo class dashboard</title>');
afterAll(() => rmSync(site, { recursive: true, force: true }));

it('prints the join address, the code, a QR code and the dashboard with its key; serves them; Ctrl-C ends the class', async () => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'runtime/classroom/classroom-cli.ts',
      '--course',
      'test/fixtures/course',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--site',
      site,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '', INIT_CWD: REPO_ROOT }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    while (!/Teacher key\s+\S+/.test(output)) {
      if (child.exitCode !== null) throw new Error(output);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const joinUrl = /Learners open\s+(\S+)/.exec(output)![1];
    const code = /Class code\s+(\S+)/.exec(output)![1];
    const dashboard = /(http:\/\/\S+\/dashboard#key=(\S+))/.exec(output)!;
    expect(output).toContain('Halo classroom: A two-lesson course');
    expect(joinUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?class$/);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(dashboard[2]).toBe(/Teacher key\s+(\S+)/.exec(output)![1]);
    expect(output).toMatch(/[▀▄█]{10}/);
    const origin = new URL(joinUrl).origin;
    expect(await (await fetch(joinUrl)).text()).toContain('Halo Playground');
    expect(await (await fetch(`${origin}/dashboard`)).text()).toContain('Halo class dashboard');
    expect(await (await fetch(`${origin}/api/classes/${code}`)).json()).toEqual({ code, title: 'A two-lesson course' });
    const info = (await (await fetch(`${origin}/api/classes`, { headers: { 'x-class-key': dashboard[2] } })).json()) as {
      joinUrl: string;
    }[];
    expect(info[0].joinUrl).toBe(joinUrl);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('Class ended; its data is gone.');
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
