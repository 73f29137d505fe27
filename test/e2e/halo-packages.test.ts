/**
 * Halo outside this repository, as a teacher meets it: the `halo` and `create-halo` tarballs the build writes, in an
 * empty folder outside the repository, with npm's cache as the only source (`--offline`: no network). `create-halo`
 * writes and installs a course; the teacher adds a second lesson and `npm run check` names a planted fault with its
 * file and line; `npm run build` writes the site, where a learner in Chromium fails lesson 1 with the starter and
 * passes it with the solution; `npm start` (author mode) shows an edit of the lesson's text.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHaloTarball } from '../../runtime/build/create-halo-package.ts';
import { haloCommandDependencies, haloCommandTarball } from '../../runtime/build/halo-command-package.ts';
import { haloVersion } from '../../runtime/build/halo-package.ts';
import { freePort } from '../../runtime/course/tools/serve-program.ts';
import { testChromium } from './harness/browser.ts';
import { settledChecks, useSolution } from './harness/course-page.ts';
import { offlineNpmCache, offlineNpmEnv } from './harness/offline-npm.ts';
import { distDir, REPO_ROOT } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';

const work = mkdtempSync(join(tmpdir(), 'halo-packages-'));
const course = join(work, 'my-course');
let env: NodeJS.ProcessEnv;
let browser: Browser;
let page: Page;
let site: StaticServer | undefined;

/** Runs `command` in `cwd` with npm offline; its exit code and everything it printed. */
function run(command: string, args: string[], cwd = course): { code: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 300_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  const version = haloVersion(REPO_ROOT);
  // The e2e build is a prebuilt playground too (its course gives way to the teacher's).
  // Without its .d.ts files (a minute of type bundling): nothing here reads them.
  writeFileSync(join(work, `halo-${version}.tgz`), await haloCommandTarball(REPO_ROOT, distDir(), { declarations: false }));
  writeFileSync(join(work, `create-halo-${version}.tgz`), await createHaloTarball(REPO_ROOT));
  // No PATH entry of this repository's node_modules/.bin: the course's commands are the package's own.
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.startsWith(REPO_ROOT))
    .join(':');
  env = {
    ...process.env,
    PATH: path,
    NODE_OPTIONS: '',
    INIT_CWD: '',
    ...offlineNpmEnv(offlineNpmCache(haloCommandDependencies(REPO_ROOT))),
  };
  const created = run(
    'npm',
    ['exec', '--yes', `--package=./create-halo-${version}.tgz`, '--', 'create-halo', 'my-course', '--halo', `./halo-${version}.tgz`],
    work,
  );
  expect(created.code, created.output).toBe(0);
  expect(created.output).toContain('Next steps:\n  cd my-course\n  npm start');
  browser = await testChromium();
  page = await (await browser.newContext()).newPage();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

test('a second lesson with a planted fault: npm run check names it with its file and line, and passes once it is fixed', async () => {
  cpSync(join(course, '01-hello'), join(course, '02-greet'), { recursive: true });
  for (const file of ['lesson.md', 'solution.ts', 'checks.ts']) {
    const path = join(course, '02-greet', file);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('hello', 'greet').replace('Hello, Halo', 'A greeting'));
  }
  const checks = join(course, '02-greet/checks.ts');
  writeFileSync(checks, readFileSync(checks, 'utf8').replace('expect:', 'expcet:'));
  const courseFile = join(course, 'course.json');
  const listed = JSON.parse(readFileSync(courseFile, 'utf8')) as { chapters: { lessons: string[] }[] };
  listed.chapters[0].lessons.push('02-greet');
  writeFileSync(courseFile, JSON.stringify(listed, null, 2));
  const faulty = run('npm', ['run', 'check']);
  expect(faulty.code, faulty.output).toBe(1);
  expect(faulty.output).toMatch(/02-greet\/checks\.ts:7: .*"expcet"/);
  // One fault, one problem.
  expect(faulty.output).toContain('1 problem(s)');
  writeFileSync(checks, readFileSync(checks, 'utf8').replace('expcet:', 'expect:'));
  const fixed = run('npm', ['run', 'check']);
  expect(fixed.code, fixed.output).toBe(0);
}, 300_000);

test('npm run build writes the site: lesson 1 fails with the starter and passes with the solution', async () => {
  const built = run('npm', ['run', 'build']);
  expect(built.code, built.output).toBe(0);
  site = await serveStatic(join(course, 'dist'));
  await page.goto(`${site.url}index.html`);
  await page.getByRole('article', { name: 'Lesson 1: Hello, Halo' }).waitFor(FIRST);
  expect(await settledChecks(page, 1)).toEqual({ passed: 0, failed: 1 });
  await useSolution(page);
  // The checks run again on the solution: until then they read as they did on the starter.
  await expect.poll(() => settledChecks(page, 1), ANSWER).toEqual({ passed: 1, failed: 0 });
  await page.getByTestId('lesson-complete').waitFor(WAIT);
}, 300_000);

test('npm start opens author mode, which shows an edit of the lesson text', async () => {
  const port = await freePort();
  // Its own process group, so that Ctrl-C reaches npm and the author server under it, as in a terminal.
  const author = spawn('npm', ['start', '--', '--port', String(port)], { cwd: course, env, stdio: 'pipe', detached: true });
  let output = '';
  author.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  author.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`127.0.0.1:${port}`);
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByRole('article', { name: 'Lesson 1: Hello, Halo' }).waitFor(FIRST);
    const lesson = join(course, '01-hello/lesson.md');
    writeFileSync(lesson, readFileSync(lesson, 'utf8').replace('A Halo program is an', 'Edited by the author: a Halo program is an'));
    await page.getByText('Edited by the author: a Halo program is an').waitFor(WAIT);
  } finally {
    process.kill(-author.pid!, 'SIGINT');
  }
}, 300_000);

/** Starts `npx halo <args>` in the course folder, in its own process group; resolves with it once it printed `ready` (if given). */
async function startHalo(args: string[], ready?: RegExp): Promise<{ output: () => string; stop: () => void }> {
  const child = spawn('npx', ['halo', ...args], { cwd: course, env, stdio: 'pipe', detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => process.kill(-child.pid!, 'SIGINT');
  try {
    if (ready) await expect.poll(() => output, { timeout: 120_000 }).toMatch(ready);
  } catch (error) {
    stop();
    throw error;
  }
  return { output: () => output, stop };
}

test('halo serve runs the solution, and halo check passes it against its lesson', async () => {
  const port = await freePort();
  const server = await startHalo(['serve', '01-hello/solution.ts', '--port', String(port)]);
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/hello`).then(
            (r) => r.json(),
            () => null,
          ),
        { timeout: 60_000 },
      )
      .toEqual({ hello: 'world' });
    const checked = run('npx', ['halo', 'check', '--lesson', '01-hello', '--url', `http://127.0.0.1:${port}`]);
    expect(checked.code, checked.output).toBe(0);
  } finally {
    server.stop();
  }
}, 300_000);

test('halo class serves the course to a class from the course folder, and halo embed writes the snippet kit', async () => {
  const port = await freePort();
  const classroom = await startHalo(['class', '--port', String(port)], /Class code\s+\S+/);
  try {
    const joinUrl = /Learners open\s+(\S+)/.exec(classroom.output())![1];
    expect((await fetch(joinUrl)).status).toBe(200);
  } finally {
    classroom.stop();
  }
  const kit = run('npx', ['halo', 'embed', 'public/halo']);
  expect(kit.code, kit.output).toBe(0);
  expect(readFileSync(join(course, 'public/halo/embed.js'), 'utf8').length).toBeGreaterThan(1000);
}, 300_000);
