import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot } from './serve-program.ts';

// Lesson programs are part of `tsc -p .`; this checks just the lesson files (and what they import)
// with the project's settings, so a broken lesson is reported here without waiting on other areas.
it('every lesson program, check list and lesson module type-checks', async () => {
  // Inside the repository (test/.artifacts is git-ignored) so that type packages resolve as usual.
  const artifacts = join(repoRoot, 'test/.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(join(artifacts, 'lessons-tsc-'));
  try {
    const config = join(dir, 'tsconfig.json');
    const include = ['lessons/*.ts', 'lessons/??-*/*.ts', 'lessons/??-*/*/**/*.ts', 'web/lessons/**/*.ts', 'runtime/course/format/**/*.ts', 'test/lessons/**/*.ts'].map((p) => join(repoRoot, p));
    writeFileSync(config, JSON.stringify({ extends: join(repoRoot, 'tsconfig.json'), include }));
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', config], { cwd: repoRoot }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(result).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
