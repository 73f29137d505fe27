/**
 * `npm run build -- --course …` replaces the site only when it succeeds: a course with a problem fails the
 * build (exit code not 0) before Vite starts, naming the problem's file and line, and the output folder keeps the
 * previous site, with no temporary folder left beside it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../../runtime/course/tools/course-dir.ts';

const root = mkdtempSync(join(tmpdir(), 'halo-build-keeps-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a failing build leaves the previous site intact', () => {
  const course = join(root, 'course');
  cpSync(resolve(REPO_ROOT, 'test/fixtures/course'), course, { recursive: true });
  // A check whose request has no path: a problem of the course's schema, found by the validator.
  const checks = join(course, '10-greeting/checks.ts');
  writeFileSync(checks, readFileSync(checks, 'utf8').replace("path: '/'", "pth: '/'"));
  const site = join(root, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), 'the previous site');
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'runtime/course/tools/build-cli.ts', '--course', course, '--outDir', site],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, HALO_COURSE_PROOFS: '0' },
    },
  );
  expect(build.status, build.stdout + build.stderr).not.toBe(0);
  expect(build.stderr).toMatch(/10-greeting[/\\]checks\.ts:\d+: /);
  expect(build.stderr).toContain('is left as it was');
  // Found before the bundling: Vite never started (it prints its version as it starts).
  expect(build.stdout + build.stderr).not.toMatch(/vite v\d/);
  expect(readdirSync(site)).toEqual(['index.html']);
  expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('the previous site');
  expect(readdirSync(root).sort()).toEqual(['course', 'site']);
}, 120_000);
