import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../support/serve-app.ts';
import { runProgram, runTsFile } from '../support/run-program.ts';

const hostileApp = resolve('test/node/fixtures/hostile-app.ts');

// `npm run serve -- app.ts` in a terminal: Ctrl-C signals the whole process group, and npm forwards
// SIGINT to the program as well, so the program sees it twice.
describe('Ctrl-C on `npm run serve`', () => {
  it('lets the in-flight request finish, refuses new connections, and exits 0', async () => {
    const program = await runProgram('npm', ['run', 'serve', '--', hostileApp]);
    const inFlight = rawRequest(program.origin, { path: '/slow?ms=1500' });
    await program.waitForOutput('[fixture] slow request started');
    const exit = program.interrupt('SIGINT');
    await program.waitForOutput('[halo] SIGINT');
    await expect(fetch(program.origin + '/', { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    const r = await inFlight;
    expect([r.status, r.body]).toEqual([200, 'finished']);
    expect(await exit, program.output()).toBe(0);
  });

  it('the same Ctrl-C delivered again by a forwarding parent: the request still finishes, exit 0', async () => {
    const program = await runProgram('npm', ['run', 'serve', '--', hostileApp]);
    const inFlight = rawRequest(program.origin, { path: '/slow?ms=1500' });
    await program.waitForOutput('[fixture] slow request started');
    const exit = program.interrupt('SIGINT');
    // A forwarder (npm, tsx) sends its copy after it got its own, so after the program saw the first.
    await program.waitForOutput('[halo] SIGINT');
    process.kill(-program.child.pid!, 'SIGINT');
    const r = await inFlight;
    expect([r.status, r.body]).toEqual([200, 'finished']);
    expect(await exit, program.output()).toBe(0);
  });

  it('a second Ctrl-C more than a second later exits at once (130) without waiting', async () => {
    const program = await runProgram('npm', ['run', 'serve', '--', hostileApp]);
    const inFlight = rawRequest(program.origin, { path: '/slow?ms=30000' }).catch(() => 'cut');
    await program.waitForOutput('[fixture] slow request started');
    void program.interrupt('SIGINT');
    await program.waitForOutput('[halo] SIGINT');
    // The rule is about time: a repeat within the first second is the same Ctrl-C delivered twice.
    await new Promise((r) => setTimeout(r, 1200));
    const started = Date.now();
    const code = await program.interrupt('SIGINT');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(code, program.output()).toBe(130);
    expect(program.output()).toContain('[halo] SIGINT again');
    expect(await inFlight).toBe('cut');
  });

  it('20 servers in one process share one SIGINT listener: no MaxListenersExceededWarning, and all close on Ctrl-C', async () => {
    const program = await runTsFile(resolve('test/node/fixtures/many-servers.ts'));
    await program.waitForOutput('[fixture] 20 servers listening');
    expect(await program.interrupt('SIGINT'), program.output()).toBe(0);
    expect(program.output()).not.toContain('MaxListenersExceededWarning');
  });
});
