import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runTsCommand } from '../support/run-command.ts';

const CREATE = 'runtime/create/create-halo.ts';
// A folder outside the repository, as a teacher's would be.
const work = mkdtempSync(join(tmpdir(), 'create-halo-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('create-halo', () => {
  test('given a folder name, writes the course there with no question and prints the next steps', async () => {
    const { code, output } = await runTsCommand(CREATE, ['My Course', '--no-install', '--title', 'Routes in an hour'], work);
    expect(code, output).toBe(0);
    const dir = join(work, 'My Course');
    for (const file of [
      '.gitignore',
      'README.md',
      'course.json',
      'tsconfig.json',
      '01-hello/lesson.md',
      '01-hello/starter.ts',
      '01-hello/solution.ts',
      '01-hello/checks.ts',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(existsSync(join(dir, 'gitignore'))).toBe(false);
    const manifest = json(join(dir, 'package.json')) as {
      name: string;
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(manifest.name).toBe('my-course');
    expect(manifest.dependencies.halo).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(manifest.scripts).toEqual({
      start: 'halo course author .',
      build: 'halo course build . --out dist',
      check: 'halo course check .',
    });
    expect(json(join(dir, 'course.json')).title).toBe('Routes in an hour');
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/^# Routes in an hour\n/);
    // --no-install: the steps start with the install it left out.
    expect(output).toContain('Next steps:\n  cd My Course\n  npm install\n  npm start\n');
  });

  test('with no folder and no terminal, runs with the defaults instead of waiting for an answer', async () => {
    const cwd = join(work, 'defaults');
    mkdirSync(cwd);
    const { code, output } = await runTsCommand(CREATE, ['--no-install'], cwd);
    expect(code, output).toBe(0);
    expect(json(join(cwd, 'my-course/course.json')).title).toBe('My Halo course');
  });

  test('refuses a folder that is not empty, and writes into it with --force, keeping the files it does not replace', async () => {
    const dir = join(work, 'taken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const refused = await runTsCommand(CREATE, ['taken', '--no-install'], work);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty (notes.txt)');
    expect(existsSync(join(dir, 'course.json'))).toBe(false);
    const forced = await runTsCommand(CREATE, ['taken', '--no-install', '--force'], work);
    expect(forced.code, forced.output).toBe(0);
    expect(existsSync(join(dir, 'course.json'))).toBe(true);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });

  test('--halo writes another halo dependency, a relative tarball path made absolute for npm install in the new folder', async () => {
    const { code, output } = await runTsCommand(CREATE, ['local', '--no-install', '--halo', './halo-9.9.9.tgz'], work);
    expect(code, output).toBe(0);
    expect((json(join(work, 'local/package.json')).dependencies as Record<string, string>).halo).toBe(
      `file:${join(work, 'halo-9.9.9.tgz')}`,
    );
  });

  test('--help says every option and writes nothing', async () => {
    const cwd = join(work, 'help');
    mkdirSync(cwd);
    const { code, output } = await runTsCommand(CREATE, ['--help'], cwd);
    expect(code).toBe(0);
    for (const option of ['--defaults', '--no-install', '--force', '--title', '--halo']) expect(output).toContain(option);
    expect(existsSync(join(cwd, 'my-course'))).toBe(false);
  });
});
