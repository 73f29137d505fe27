import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from '../../runtime/course/tools/serve-program.ts';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';
import { runTsCommand } from '../support/run-command.ts';

const HALO = 'runtime/cli/halo.ts';
// The commands run in a folder outside the repository, with no node_modules of its own.
const work = mkdtempSync(join(tmpdir(), 'halo-command-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the halo command', () => {
  test('help lists every command; an unknown one exits 2 with the list; version is the package version', async () => {
    const help = await runTsCommand(HALO, ['help'], work);
    expect(help.code).toBe(0);
    for (const command of ['serve', 'course check', 'course build', 'course author', 'check', 'class', 'embed'])
      expect(help.output).toContain(`halo ${command} `);
    const unknown = await runTsCommand(HALO, ['course', 'publish'], work);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('no command "course publish"');
    const version = await runTsCommand(HALO, ['--version'], work);
    expect(version.output.trim()).toBe((JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  }, 90_000);

  test('serve runs a TypeScript program from a folder without halo installed, on the port --port names, until stopped', async () => {
    const file = join(work, 'app.ts');
    writeFileSync(
      file,
      "import { App, AppHttp } from 'halo';\nconst app = new App();\napp.get('/hi', () => ({ hi: 'there' }));\nawait new AppHttp(app).startServer('localhost', 3000);\n",
    );
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(REPO_ROOT, HALO), 'serve', 'app.ts', '--port', String(port)],
      { cwd: work, stdio: 'pipe' },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/hi`).then(
              (response) => response.json(),
              () => null,
            ),
          { timeout: 60_000, interval: 200 },
        )
        .toEqual({ hi: 'there' });
    } finally {
      child.kill('SIGTERM');
    }
    // The command forwards the signal and ends with the program.
    expect(await exited).not.toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/hi`)).rejects.toThrow();
  }, 90_000);

  test('course check: the template create-halo writes is a valid course (its solution passes, its starter fails); a planted fault is named with file and line', async () => {
    const course = join(work, 'course');
    cpSync(join(REPO_ROOT, 'runtime/create/template'), course, { recursive: true });
    const good = await runTsCommand(HALO, ['course', 'check'], course);
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain('no problems');
    const checks = join(course, '01-hello/checks.ts');
    writeFileSync(checks, readFileSync(checks, 'utf8').replace('expect:', 'expcet:'));
    const bad = await runTsCommand(HALO, ['course', 'check', course], work);
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/01-hello\/checks\.ts:7: /);
  }, 120_000);
});
