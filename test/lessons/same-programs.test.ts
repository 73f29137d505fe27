import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { repoRoot } from './serve-program.ts';

const { findLesson } = builtCourse;

// The example programs in lessons/ are the end points of the lesson tracks: keep them in sync.
describe('lesson solutions and the example programs', () => {
  it('lesson 6 ends where the getting-started example is: the same program', () => {
    const example = readFileSync(join(repoRoot, 'lessons/getting-started/app.ts'), 'utf8');
    expect(findLesson('06-custom-error-handler')?.solution).toEqual({ 'main.ts': example });
  });

  it('lesson 5 is the getting-started example without the custom error handler', () => {
    const example = readFileSync(join(repoRoot, 'lessons/getting-started/app.ts'), 'utf8');
    const withoutHandler = example.replace(/\nconst oldErrorHandler[\s\S]*?\n\};\n/, '');
    expect(findLesson('05-errors')?.solution).toEqual({ 'main.ts': withoutHandler });
  });
});

describe('the services track and the services example', () => {
  it('lesson 8 is the services example program', () => {
    const example = readFileSync(join(repoRoot, 'lessons/services/app.ts'), 'utf8');
    expect(findLesson('08-services')?.solution).toEqual({ 'main.ts': example });
  });
});
