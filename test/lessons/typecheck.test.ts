import { readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { formatDiagnostics, typecheck } from '../../runtime/build/typecheck.ts';
import { repoRoot } from './serve-program.ts';

// The lesson programs, check lists and lesson modules (repository paths).
const LESSON_FILES = [
  /^lessons\/[^/]+\.ts$/,
  /^lessons\/..-[^/]+\/.+\.ts$/,
  /^web\/lessons\/.+\.ts$/,
  /^runtime\/course\/format\/.+\.ts$/,
  /^test\/lessons\/.+\.ts$/,
];
const isLessonFile = (path: string): boolean => LESSON_FILES.some((pattern) => pattern.test(path));

// Lesson files are part of `npm run typecheck`; this runs the same check on just them (the programs that check
// them, each file in its environment, with the build info `npm run typecheck` keeps), so a broken lesson is
// reported here without waiting on other areas, and right after `npm run typecheck` nothing is checked twice.
it('every lesson program, check list and lesson module type-checks', () => {
  const { diagnostics, checked } = typecheck({ only: (file) => isLessonFile(relative(repoRoot, file)) });
  expect(formatDiagnostics(diagnostics)).toBe('');
  // Every lesson file on disk was checked (none left out by the tsconfigs).
  const onDisk = ['lessons', 'web/lessons', 'runtime/course/format', 'test/lessons'].flatMap((dir) =>
    readdirSync(resolve(repoRoot, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
  );
  const lessonFiles = onDisk.filter((path) => isLessonFile(path) && !path.endsWith('.d.ts'));
  expect(lessonFiles.length).toBeGreaterThan(100);
  expect(lessonFiles.filter((path) => !checked.includes(resolve(repoRoot, path)))).toEqual([]);
}, 120_000);
