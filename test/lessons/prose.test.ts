import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { proseWords } from './prose-words.ts';
import { repoRoot } from './serve-program.ts';

const { findLesson, lessons } = builtCourse;

// The shape every lesson text keeps: short enough to read in a few minutes (near 150–250 words of
// prose, code aside), and a last sentence that says what comes next.

const textOf = (id: string): string => readFileSync(join(repoRoot, 'lessons', id, 'lesson.md'), 'utf8');

describe('proseWords', () => {
  it('counts the words outside the frontmatter and the fenced code blocks', () => {
    expect(proseWords('---\ntitle: A B C\n---\n\n# One two\n\n```ts\nconst x = 1;\n```\n\nThree `four` — five.\n')).toBe(5);
  });
});

describe.each(lessons.map((lesson) => [lesson.id]))('lesson %s', (id) => {
  it('has between 150 and 260 words of prose', () => {
    const words = proseWords(textOf(id));
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(260);
  });

  // A lesson's number is its place in course.json, which moves when a lesson is added before it.
  it('names other lessons by title, never by a number', () => {
    const texts = [textOf(id), ...Object.values(findLesson(id)!.starter)];
    const numbered = texts.flatMap((text) => text.match(/\blessons? \(?\d+/gi) ?? []);
    expect(numbered).toEqual([]);
  });

  it('ends with one sentence on what comes next', () => {
    const paragraphs = textOf(id).trim().split(/\n\s*\n/);
    expect(paragraphs.at(-1)).toMatch(/^Next: [^\n]*(\n[^\n]+)*[.!]$/);
  });
});

it('lesson 19 is cut to at most 250 words of prose', () => {
  expect(proseWords(textOf('19-persisting-data'))).toBeLessThanOrEqual(250);
});
