import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

// `npm run classroom`: the command a teacher runs, in a child process on 127.0.0.1 and a free port, serving a
// prebuilt site (`--site`; building the real one takes minutes and belongs to the e2e test).

const site = mkdtempSync(join(tmpdir(), 'halo-classroom-cli-'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>Halo Playground</title>');
mkdirSync(join(site, 'web/classroom'), { recursive: true });
writeFileSync(join(site, 'web/classroom/dashboard.html'), '<!doctype html><title>Halo class dashboard</title>');
afterAll(() => rmSync(site, { recursive: true, force: true }));

it('prints the join address, the code, a QR code and the dashboard with its key; serves them; Ctrl-C ends the class', async () => {
  const run = classroom(['--port', '0']);
  const { child } = run;
  try {
    await started(run);
    const output = run.output;
    const joinUrl = /Learners open\s+(\S+)/.exec(output)![1];
    const code = /Class code\s+(\S+)/.exec(output)![1];
    const dashboard = /(http:\/\/\S+\/dashboard#key=(\S+))/.exec(output)!;
    expect(output).toContain('Halo classroom: A two-lesson course');
    expect(joinUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?class$/);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(dashboard[2]).toBe(/Teacher key\s+(\S+)/.exec(output)![1]);
    // The QR code: rows of half blocks between colour codes (which runs a row has depends on the random code and port).
    expect(output.split('\n').filter((line) => /[▀▄█][ ▀▄█]{18,}[▀▄█]/.test(line)).length).toBeGreaterThanOrEqual(10);
    const origin = new URL(joinUrl).origin;
    expect(await (await fetch(joinUrl)).text()).toContain('Halo Playground');
    expect(await (await fetch(`${origin}/dashboard`)).text()).toContain('Halo class dashboard');
    expect(await (await fetch(`${origin}/api/classes/${code}`)).json()).toEqual({ code, title: 'A two-lesson course' });
    const info = (await (await fetch(`${origin}/api/classes`, { headers: { 'x-class-key': dashboard[2] } })).json()) as {
      joinUrl: string;
    }[];
    expect(info[0].joinUrl).toBe(joinUrl);
    child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(run.output).toContain('Class ended; its data is gone.');
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);

/** `npm run classroom -- <args>` as a child process, with its output so far and its exit. */
function classroom(args: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'runtime/classroom/classroom-cli.ts',
      '--course',
      'test/fixtures/course',
      '--host',
      '127.0.0.1',
      '--site',
      site,
      ...args,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, NODE_OPTIONS: '', INIT_CWD: REPO_ROOT } },
  );
  // 'close', not 'exit': the exit can be reported before the last of the output has been read.
  const run = { child, output: '', exited: new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code))) };
  child.stdout.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
  return run;
}

/** Waits until the class printed its teacher key; its origin, code and key. */
async function started(run: ReturnType<typeof classroom>) {
  while (!/Teacher key\s+\S+/.test(run.output)) {
    if (run.child.exitCode !== null) throw new Error(run.output);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: new URL(/Learners open\s+(\S+)/.exec(run.output)![1]).origin,
    code: /Class code\s+(\S+)/.exec(run.output)![1],
    key: /Teacher key\s+(\S+)/.exec(run.output)![1],
  };
}

describe('npm run classroom', () => {
  it('says in one line that a taken port is taken, before any build', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const run = classroom(['--port', String((taken.address() as AddressInfo).port), '--site', join(site, 'missing')]);
      expect(await run.exited).toBe(1);
      expect(run.output.trim()).toBe(
        `Port ${(taken.address() as AddressInfo).port} on 127.0.0.1 is taken by another program: stop it, or choose another with --port.`,
      );
    } finally {
      taken.close();
    }
  }, 60_000);

  it('with --keep, brings the same class back after Ctrl-C: its code, key, lock, learners and results', async () => {
    const keep = mkdtempSync(join(tmpdir(), 'halo-classroom-keep-'));
    try {
      const first = classroom(['--port', '0', '--keep', keep, '--max-learners', '7']);
      const one = await started(first);
      expect(first.output).toContain(`The class is kept in ${keep}`);
      const secret = 'k'.repeat(40);
      const join_ = await fetch(`${one.origin}/api/learners`, {
        method: 'POST',
        headers: { 'x-class-code': one.code, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ann', secret }),
      });
      const { id } = (await join_.json()) as { id: string };
      const learner = { 'x-class-code': one.code, 'x-learner-id': id, 'x-learner-secret': secret, 'content-type': 'application/json' };
      const sent = await fetch(`${one.origin}/api/results`, {
        method: 'POST',
        headers: learner,
        body: JSON.stringify({ lesson: '05-echo', check: 0, passed: true }),
      });
      expect(sent.status).toBe(201);
      const teacher = { 'x-class-key': one.key, 'content-type': 'application/json' };
      await fetch(`${one.origin}/api/classes/${one.code}`, {
        method: 'PATCH',
        headers: teacher,
        body: JSON.stringify({ joiningLocked: true }),
      });
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      expect(first.output).toContain(`Class paused; it is kept in ${keep}.`);

      const second = classroom(['--port', '0', '--keep', keep, '--max-learners', '7']);
      try {
        const two = await started(second);
        expect(second.output).toContain(`The class is back from ${keep}`);
        expect({ code: two.code, key: two.key }).toEqual({ code: one.code, key: one.key });
        const where = { ...learner };
        expect((await fetch(`${two.origin}/api/learners/${id}`, { headers: where })).status).toBe(200);
        const [info] = (await (await fetch(`${two.origin}/api/classes`, { headers: teacher })).json()) as {
          joiningLocked: boolean;
          maxLearners: number;
        }[];
        expect(info).toMatchObject({ joiningLocked: true, maxLearners: 7 });
        const results = (await (await fetch(`${two.origin}/api/results`, { headers: teacher })).json()) as {
          learnerId: string;
          passed: boolean;
        }[];
        expect(results).toEqual([expect.objectContaining({ learnerId: id, lesson: '05-echo', check: 0, passed: true })]);
        const learners = (await (await fetch(`${two.origin}/api/learners`, { headers: teacher })).json()) as { name: string }[];
        expect(learners.map((one) => one.name)).toEqual(['Ann']);
        second.child.kill('SIGINT');
        expect(await second.exited).toBe(0);
      } finally {
        second.child.kill('SIGKILL');
      }
    } finally {
      rmSync(keep, { recursive: true, force: true });
    }
  }, 240_000);
});
