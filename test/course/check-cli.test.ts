import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { serveProgram, type RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import { runCheckCommand } from '../support/check-command.ts';

// `npm run check -- --lesson … --url …`: the lesson's checks against a real server, from a terminal.

let program: RunningProgram | undefined;
afterEach(async () => {
  await program?.stop();
  program = undefined;
});

it("passes lesson 08's solution running on Node: a ✓ per check, exit 0", async () => {
  program = await serveProgram(join(REPO_ROOT, 'lessons/08-services/solution.ts'));
  const { code, output } = await runCheckCommand(['--lesson', '08-services', '--url', program.origin]);
  expect(output).toContain(`Checking 08-services against ${program.origin}`);
  expect(output).toContain('  ✓ POST /todos creates a todo: 201 with a new id');
  expect(output).toContain('6 of 6 checks passed.');
  expect(output).not.toContain('✗');
  expect(code).toBe(0);
}, 60_000);

it("fails lesson 08's starter with what was expected and what came back, exit 1", async () => {
  program = await serveProgram(join(REPO_ROOT, 'lessons/08-services/starter.ts'));
  const { code, output } = await runCheckCommand(['--lesson', '8', '--url', `${program.origin}/`]);
  expect(output).toContain('  ✗ POST /todos creates a todo: 201 with a new id');
  expect(output).toMatch(/ {6}POST \/todos: Expected status 201, but got \d+/);
  // What was expected and what came back: the status and the start of the body.
  expect(output).toMatch(/\n {8}expected: status 201\b.*\n {8}got: {6}status \d+, body .+/);
  expect(output).toMatch(/\d of 6 checks passed\./);
  expect(code).toBe(1);
}, 60_000);

it('reads the lesson from another course folder with --course', async () => {
  const course = join(REPO_ROOT, 'test/fixtures/course');
  program = await serveProgram(join(course, '05-echo/solution.ts'));
  const passing = await runCheckCommand(['--course', course, '--lesson', '05-echo', '--url', program.origin]);
  expect(passing.output).toContain('2 of 2 checks passed.');
  expect(passing.code).toBe(0);
}, 60_000);

it('refuses a wrong command with exit 2, naming the lessons there are', async () => {
  const unknown = await runCheckCommand(['--lesson', '99-nothing', '--url', 'http://127.0.0.1:9']);
  expect(unknown.output).toContain('No lesson "99-nothing"');
  expect(unknown.output).toContain('08-services');
  expect(unknown.code).toBe(2);
  const badUrl = await runCheckCommand(['--lesson', '08-services', '--url', 'ftp://x']);
  expect(badUrl.code).toBe(2);
  const nothingRuns = await runCheckCommand(['--lesson', '08-services', '--url', 'http://127.0.0.1:9']);
  expect(nothingRuns.output).toContain('got no response');
  expect(nothingRuns.code).toBe(1);
}, 60_000);

it('leaves a trace expectation out for a server that shows no traces, and checks it with --trace', async () => {
  const solution = join(REPO_ROOT, 'lessons/11-hooks/solution.ts');
  // As exported or deployed: no HALO_TRACE, so no client can read the program's insides.
  program = await serveProgram(solution, 20_000, { HALO_TRACE: '' });
  const plain = await runCheckCommand(['--lesson', '11-hooks', '--url', program.origin]);
  expect(plain.output).toContain(
    "not checked here: what \"The trace of DELETE /todos/pinned: the 'removed' before-hook cancelled the call",
  );
  expect(plain.output).not.toContain('✗');
  expect(plain.code).toBe(0);
  const asked = await runCheckCommand(['--lesson', '11-hooks', '--url', program.origin, '--trace']);
  expect(asked.output).toContain('Expected a trace of the request, but none came back');
  expect(asked.code).toBe(1);
  await program.stop();
  program = await serveProgram(solution);
  const traced = await runCheckCommand(['--lesson', '11-hooks', '--url', program.origin, '--trace']);
  expect(traced.output).not.toContain('✗');
  expect(traced.code).toBe(0);
}, 90_000);

it('says "no answer within" the --timeout for a server that listens but never answers', async () => {
  const hanging = createServer(() => undefined);
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const { code, output } = await runCheckCommand([
      '--course',
      join(REPO_ROOT, 'test/fixtures/course'),
      '--lesson',
      '05-echo',
      '--url',
      url,
      '--timeout',
      '1',
    ]);
    // The request is named once, on the line of its failure.
    expect(output).toContain('\n      POST /echo: no answer within 1 s.\n');
    expect(output).not.toMatch(/POST \/echo:? POST \/echo/);
    expect(output).not.toContain('Is the program running?');
    expect(output).toContain('got:      no response');
    expect(code).toBe(1);
    const wrong = await runCheckCommand(['--lesson', '05-echo', '--url', url, '--timeout', 'soon']);
    expect(wrong.code).toBe(2);
  } finally {
    hanging.closeAllConnections();
    hanging.close();
  }
}, 150_000);

it('says exactly what arrived of a body that stopped halfway, and stops the whole run at --total-timeout', async () => {
  // Status, headers and the first 12 bytes of the body; then nothing more.
  const halfway = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"name":"Ad');
  });
  await new Promise<void>((resolve) => halfway.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(halfway.address() as AddressInfo).port}`;
  const command = ['--course', join(REPO_ROOT, 'test/fixtures/course'), '--lesson', '05-echo', '--url', url];
  try {
    const cut = await runCheckCommand([...command, '--timeout', '1']);
    expect(cut.output).toContain('      POST /echo: no answer within 1 s.\n');
    expect(cut.output).toContain('got:      status 200, then the body stopped after 11 bytes: "{\\"name\\":\\"Ad"');
    expect(cut.output).not.toContain('(empty)');
    expect(cut.code).toBe(1);
    const started = Date.now();
    const stopped = await runCheckCommand([...command, '--timeout', '30', '--total-timeout', '2']);
    expect(stopped.output).toContain(
      '  ✗ POST /echo answers with JSON\n      stopped: the whole run reached its limit of 2 s (--total-timeout).\n0 of 2 checks passed; 1 not run.',
    );
    expect(stopped.code).toBe(1);
    // Well before one request's 30 s: the run's own limit stopped it.
    expect(Date.now() - started).toBeLessThan(25_000);
  } finally {
    halfway.closeAllConnections();
    halfway.close();
  }
}, 150_000);
