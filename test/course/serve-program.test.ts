import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort, serveProgram } from '../../runtime/course/tools/serve-program.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

const dir = mkdtempSync(join(tmpdir(), 'halo-serve-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a program that exits before listening is reported as exited, with its output', async () => {
  const file = join(dir, 'crashes.ts');
  writeFileSync(file, "console.log('about to fail');\nthrow new Error('boom at start');\n");
  const error = await serveProgram(file).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toMatch(/crashes\.ts exited before listening on port \d+/);
  expect(error?.message).toContain('about to fail');
  expect(error?.message).toContain('boom at start');
}, 60_000);

test('no port is handed out twice in a process, though the system hands a freed port out again', async () => {
  // 300 picks of the system's own (port 0) repeat a port several times here: two programs starting side by side
  // (the lessons' concurrent checks) were then given one port, and one program's checks went to the other.
  const ports: number[] = [];
  for (let i = 0; i < 300; i++) ports.push(await freePort());
  expect(new Set(ports).size).toBe(ports.length);
});

test('a program whose port another process took meanwhile starts on another free port', async () => {
  // The program listens on whatever HALO_PORT says, like Halo's adapter; the first port it is given is taken.
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const takenPort = (taken.address() as { port: number }).port;
  const file = join(dir, 'listens.ts');
  writeFileSync(
    file,
    [
      "import { createServer } from 'node:http';",
      "import { existsSync, writeFileSync } from 'node:fs';",
      `const marker = ${JSON.stringify(join(dir, 'first-start'))};`,
      // The first start is sent to the taken port, as a race with another process would.
      `const port = existsSync(marker) ? Number(process.env.HALO_PORT) : ${takenPort};`,
      "writeFileSync(marker, '');",
      "createServer((_, res) => res.end('ok')).listen(port, '127.0.0.1');",
    ].join('\n'),
  );
  try {
    const program = await serveProgram(file);
    expect(await (await fetch(program.origin.replace('localhost', '127.0.0.1'))).text()).toBe('ok');
    await program.stop();
  } finally {
    taken.close();
  }
}, 60_000);

test('answers from another process that took the port meanwhile do not pass for the program: it starts again on another port', async () => {
  // Between freePort() and the program's listen (seconds while tsx starts on a busy machine), another process on the
  // machine can take the port; its answers once passed for the program's (a lesson's POST /greet answered 404).
  // Here the program's first start has another process take its port first, then finds it taken.
  const impostorPid = join(dir, 'impostor.pid');
  const file = join(dir, 'raced.ts');
  writeFileSync(
    file,
    [
      "import { spawn } from 'node:child_process';",
      "import { existsSync, writeFileSync } from 'node:fs';",
      "import { createServer } from 'node:http';",
      'const port = Number(process.env.HALO_PORT);',
      `if (!existsSync(${JSON.stringify(impostorPid)})) {`,
      "  const listen = `require('node:http').createServer((_, res) => res.end('impostor')).listen(${port}, '127.0.0.1', () => console.log('up'))`;",
      "  const impostor = spawn(process.execPath, ['-e', listen], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });",
      `  writeFileSync(${JSON.stringify(impostorPid)}, String(impostor.pid));`,
      "  await new Promise((resolve) => impostor.stdout.once('data', resolve));",
      '}',
      "createServer((_, res) => res.end('program')).listen(port, '127.0.0.1');",
    ].join('\n'),
  );
  try {
    const program = await serveProgram(file);
    try {
      expect(await (await fetch(program.origin.replace('localhost', '127.0.0.1'))).text()).toBe('program');
    } finally {
      await program.stop();
    }
  } finally {
    process.kill(Number(readFileSync(impostorPid, 'utf8')), 'SIGKILL');
  }
}, 60_000);

test("a program outside the repository whose second file imports 'halo' runs (both files as ES modules)", async () => {
  // No package.json here: tsx alone would read greeting.ts as CommonJS, whose require('halo') nothing resolves.
  writeFileSync(
    join(dir, 'greeting.ts'),
    "import { HttpException } from 'halo';\nexport const greet = (name: string): string => { if (!name) throw new HttpException(400, 'no name'); return `Hello, ${name}!`; };\n",
  );
  const file = join(dir, 'two-files.ts');
  writeFileSync(
    file,
    [
      "import { App, AppHttp } from 'halo';",
      "import { greet } from './greeting.ts';",
      'const app = new App();',
      "app.get('/greet/:name', (req) => ({ text: greet(req.params.name) }));",
      "await new AppHttp(app).startServer('localhost', 3000);",
    ].join('\n'),
  );
  const program = await serveProgram(file);
  try {
    const response = await fetch(`${program.origin.replace('localhost', '127.0.0.1')}/greet/Ada`);
    expect(await response.json()).toEqual({ text: 'Hello, Ada!' });
  } finally {
    await program.stop();
  }
}, 60_000);

test('a program ends when the process that served it is killed, instead of running on as an orphan', async () => {
  const pidFile = join(dir, 'program.pid');
  const program = join(dir, 'orphan-candidate.ts');
  writeFileSync(
    program,
    [
      "import { createServer } from 'node:http';",
      "import { writeFileSync } from 'node:fs';",
      `writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
      "createServer((_, res) => res.end('ok')).listen(Number(process.env.HALO_PORT), '127.0.0.1');",
    ].join('\n'),
  );
  const parentScript = join(dir, 'serving-parent.mts');
  writeFileSync(
    parentScript,
    [
      `import { serveProgram } from ${JSON.stringify(join(REPO_ROOT, 'runtime/course/tools/serve-program.ts'))};`,
      `await serveProgram(${JSON.stringify(program)});`,
      "console.log('serving');",
      'setInterval(() => {}, 1000);',
    ].join('\n'),
  );
  const parent = spawn(process.execPath, ['--import', 'tsx', parentScript], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('serving') && resolve());
      parent.once('exit', (code) => reject(new Error(`the parent exited first (${code})`)));
    });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    await expect.poll(() => alive(pid), { timeout: 20_000 }).toBe(false);
  } finally {
    parent.kill('SIGKILL');
  }
}, 90_000);

/** Whether a process `pid` exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
