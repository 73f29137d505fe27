/** A course's example program, the free playground's first code (runtime/course/tools/read-course.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../runtime/course/tools/read-course.ts';

const REPO = resolve(import.meta.dirname, '../..');

describe("a course's example program", () => {
  it("is the course's getting-started/app.ts when it has one (Halo's own course)", () => {
    const { course } = readCourse(resolve(REPO, 'lessons'));
    expect(course.example?.files).toEqual({ 'main.ts': readFileSync(resolve(REPO, 'lessons/getting-started/app.ts'), 'utf8') });
  });

  it("is the first lesson's starter, in the course file's order, when it has none", () => {
    const { course } = readCourse(resolve(REPO, 'test/fixtures/course'));
    expect(course.lessons[0].id).toBe('10-greeting');
    expect(course.example?.files).toEqual(course.lessons[0].starter.files);
  });
});
