import { describe, expect, it } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { flowStepsOf, stepsOf } from '../../runtime/course/format/check-format.ts';
import { filesProblem } from '../../runtime/course/exercises/file-names.ts';

const { findLesson, lessonText, lessons } = builtCourse;

describe('lesson catalog', () => {
  it('loads at least the sixteen lessons of the curriculum, sorted by number, with unique numbers', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(16);
    const numbers = lessons.map((l) => l.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.slice(0, 16)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  });

  it('the several-files lesson has two files, its service in planets.service.ts imported by main.ts', () => {
    const lesson = findLesson('26-several-files')!;
    expect(Object.keys(lesson.starter).sort()).toEqual(['main.ts', 'planets.service.ts']);
    expect(lesson.solution['main.ts']).toContain("from './planets.service.ts'");
    // The task is an import: main.ts uses what the service file exports.
    expect(lesson.starter['main.ts']).toContain('TODO');
    expect(lesson.starter['planets.service.ts']).toContain('export function describePlanet');
  });

  it.each(lessons.map((l) => [l.id, l]))('%s is complete', async (id, lesson) => {
    expect(id).toMatch(/^\d{2}-[a-z0-9-]+$/);
    expect(lesson.title.length).toBeGreaterThan(0);
    expect(lesson.summary.length).toBeGreaterThan(0);
    // The text was parsed at build time and starts with its heading (a frontmatter left in would start with <hr>).
    expect((await lessonText(lesson)).find((node) => typeof node !== 'string')).toMatchObject({ tag: 'h1' });
    for (const program of [lesson.starter, lesson.solution]) {
      expect(filesProblem(program, 'main.ts')).toBeNull();
      expect(program['main.ts']).toMatch(/from 'halo';/);
      expect(program['main.ts']).toContain('new AppHttp(app)');
      expect(program['main.ts']).toContain("startServer('localhost', 3000)");
    }
    expect(Object.keys(lesson.starter)).toEqual(Object.keys(lesson.solution));
    expect(Object.values(lesson.starter).join('\n')).toContain('TODO');
    expect(Object.values(lesson.solution).join('\n')).not.toContain('TODO');
    expect(lesson.starter).not.toEqual(lesson.solution);
    expect(lesson.checks.length).toBeGreaterThan(0);
    for (const check of lesson.checks) {
      expect(check.title.length).toBeGreaterThan(0);
      expect(flowStepsOf(check).length).toBeGreaterThan(0);
    }
    expect(new Set(lesson.checks.map((c) => c.title)).size).toBe(lesson.checks.length);
  });

  // Checks also run from the playground page, where fetch refuses to set these request headers.
  it('sends no request header a browser forbids', () => {
    const forbidden = /^(accept-charset|accept-encoding|access-control-request-.*|connection|content-length|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*)$/i;
    const offending = lessons.flatMap((lesson) =>
      lesson.checks.flatMap((check) =>
        stepsOf(check).flatMap((step) => Object.keys(step.request.headers ?? {}).filter((name) => forbidden.test(name)).map((name) => `${lesson.id}: ${check.title}: ${name}`)),
      ),
    );
    expect(offending).toEqual([]);
  });

  it('finds a lesson by id', () => {
    expect(findLesson('01-getting-started')?.number).toBe(1);
    expect(findLesson('nope')).toBeUndefined();
  });
});
