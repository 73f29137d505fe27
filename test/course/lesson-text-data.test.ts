/**
 * A lesson's text as course data (runtime/course/tools/lesson-text-data.ts): the tree a course build writes, its
 * lesson and api links as data; in author mode a frontmatter or a link with a problem shows as the lesson's own text,
 * naming the file and the field or line, while a build (which validates the course first) refuses a frontmatter it
 * cannot read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lessonTextParts } from '../../runtime/course/tools/lesson-text-data.ts';

const root = mkdtempSync(join(tmpdir(), 'halo-lesson-text-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const LESSONS = new Set(['01-one', '02-two', 'scratch']);

/** `lessons/01-one/lesson.md` of a course folder of its own, holding `source`. */
function lessonFile(name: string, source: string): string {
  const dir = join(root, name, '01-one');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'lesson.md'), source);
  return join(dir, 'lesson.md');
}

const lesson = (frontmatter: string, body: string) => `---\n${frontmatter}\n---\n\n# One\n\n${body}\n`;
const shown = (file: string) => JSON.stringify(lessonTextParts(file, LESSONS, true));

describe('a lesson text as course data', () => {
  it('gives the frontmatter fields apart from the text, its lesson and api links as data', () => {
    const file = lessonFile(
      'good',
      lesson(
        'title: One\nsummary: The first lesson.',
        'See [lesson 2](?lesson=02-two), [again](../02-two/lesson.md) and [`app.use`](api:App.use).',
      ),
    );
    const { meta, text } = lessonTextParts(file, LESSONS, false);
    expect(meta).toEqual({ title: 'One', summary: 'The first lesson.', covers: [] });
    expect(JSON.stringify(text)).toMatch(/"lesson":"02-two"/);
    expect(JSON.stringify(text)).toMatch(/"api":"App\.use"/);
    expect(JSON.stringify(text)).not.toContain('The first lesson.');
  });

  it('refuses a frontmatter that does not match the schema in a build, naming the file and the field', () => {
    const file = lessonFile('no-summary', lesson('title: One', 'Text.'));
    expect(() => lessonTextParts(file, LESSONS, false)).toThrow(/01-one\/lesson\.md: the frontmatter is not valid: "summary" is missing/);
  });

  it('shows a frontmatter problem as the lesson’s text in author mode', () => {
    const file = lessonFile('typo', lesson('title: One\nsummary: S\ncover: [service-1]', 'Text.'));
    const { meta } = lessonTextParts(file, LESSONS, true);
    expect(meta.summary).toBe('This lesson’s text has a problem.');
    expect(shown(file)).toMatch(/"cover\\" is not a frontmatter key/);
  });

  it('shows broken lesson and api links above the text in author mode, each with its line', () => {
    const file = lessonFile(
      'links',
      lesson('title: One\nsummary: S', 'Go to [lesson 3](?lesson=03-three) and [`app.usee`](api:App.usee).'),
    );
    expect(lessonTextParts(file, LESSONS, true).meta.title).toBe('One');
    expect(shown(file)).toMatch(/broken links in lesson\.md:\\n {2}line 8: there is no lesson \\"03-three\\"/);
    expect(shown(file)).toMatch(/line 8: the API reference has no \\"App\.usee\\"/);
    expect(shown(file)).toContain('Go to ');
  }, 120_000);
});
