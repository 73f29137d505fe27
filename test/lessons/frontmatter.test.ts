import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrontmatterError, parseLessonText, readLessonText } from '../../runtime/course/format/frontmatter.ts';

/** The lesson.md example of docs/courses.md's "Write a lesson", as the docs write it (comments included). */
function documentedExample(): string {
  const docs = readFileSync(join(import.meta.dirname, '../../docs/courses.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Write a lesson'));
  const block = /```md\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('docs/courses.md has no md block under "## Write a lesson"');
  return block[1];
}

/** The problems a frontmatter throws, each at its line. */
function problemsOf(source: string): FrontmatterError['problems'] {
  try {
    parseLessonText(source, 'x.md');
  } catch (error) {
    if (error instanceof FrontmatterError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseLessonText', () => {
  it('reads title, summary, a covers list and the body', () => {
    const text = parseLessonText('---\ntitle: Hello\nsummary: "Say: hi"\ncovers:\n  - service-1\n  - errors-2\n---\n\n# Hello\n');
    expect(text).toEqual({ title: 'Hello', summary: 'Say: hi', covers: ['service-1', 'errors-2'], markdown: '\n# Hello\n' });
  });

  it('accepts an inline covers list and no covers at all', () => {
    expect(parseLessonText('---\ntitle: A\nsummary: B\ncovers: [x-1, y-2]\n---\nbody').covers).toEqual(['x-1', 'y-2']);
    expect(parseLessonText('---\ntitle: A\nsummary: B\n---\nbody').covers).toEqual([]);
  });

  it('accepts the example docs/courses.md gives, copied as written, comments included', () => {
    const text = parseLessonText(documentedExample());
    expect(text).toMatchObject({ title: 'Hello', covers: ['service-1'], files: ['main.ts', 'todos.ts'] });
    expect(text.markdown).toMatch(/^\n# Hello\n/);
  });

  it('says what is missing', () => {
    expect(() => parseLessonText('# no frontmatter', 'x.md')).toThrow('x.md: expected a frontmatter block');
    expect(() => parseLessonText('---\ntitle: A\n---\n', 'x.md')).toThrow('x.md: the frontmatter is not valid: "summary" is missing');
    expect(() => parseLessonText('---\ntitle A\n---\n', 'x.md')).toThrow('cannot read the frontmatter line');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\nsumary: C\n---\n', 'x.md')).toThrow('"sumary" is not a frontmatter key');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\ncovers: [Rule 2]\n---\n', 'x.md')).toThrow('"covers.0" must be a spec rule id');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\nfiles: [todos.ts]\n---\n', 'x.md')).toThrow('"files" must start with main.ts');
  });

  it('gives one problem per fault, each at its line of lesson.md: a misspelt key is one fault, not a missing key too', () => {
    expect(problemsOf('---\n# a comment\ntitle: A\nsumary: B\ncovers:\n  - ok-1\n  - Rule 2\n---\n')).toEqual([
      { line: 4, message: 'the frontmatter\'s "sumary" is not a frontmatter key (title, summary, covers, files): did you mean "summary"?' },
      { line: 7, message: 'the frontmatter\'s "covers.1" must be a spec rule id like "endpoints-2"' },
    ]);
    expect(problemsOf('---\ntitle: A\nsummary: Say: hi\n---\n')).toEqual([
      { line: 3, message: expect.stringMatching(/^the frontmatter is not YAML: .*needs quotes\)$/) },
    ]);
  });

  it('tells the line of a key and of a list entry', () => {
    const { lineOf } = readLessonText('---\ntitle: A\nsummary: B\n\nfiles:\n  - main.ts\n  # the service\n  - todos.ts\n---\n');
    expect([lineOf(['summary']), lineOf(['files']), lineOf(['files', 1])]).toEqual([3, 5, 8]);
  });
});
