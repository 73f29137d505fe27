import { describe, expect, it } from 'vitest';
import { parseLessonText } from '../../runtime/course/format/frontmatter.ts';

describe('parseLessonText', () => {
  it('reads title, summary, a covers list and the body', () => {
    const text = parseLessonText('---\ntitle: Hello\nsummary: "Say: hi"\ncovers:\n  - service-1\n  - errors-2\n---\n\n# Hello\n');
    expect(text).toEqual({ title: 'Hello', summary: 'Say: hi', covers: ['service-1', 'errors-2'], markdown: '\n# Hello\n' });
  });

  it('accepts an inline covers list and no covers at all', () => {
    expect(parseLessonText('---\ntitle: A\nsummary: B\ncovers: [x-1, y-2]\n---\nbody').covers).toEqual(['x-1', 'y-2']);
    expect(parseLessonText('---\ntitle: A\nsummary: B\n---\nbody').covers).toEqual([]);
  });

  it('says what is missing', () => {
    expect(() => parseLessonText('# no frontmatter', 'x.md')).toThrow('x.md: expected a frontmatter block');
    expect(() => parseLessonText('---\ntitle: A\n---\n', 'x.md')).toThrow('x.md: the frontmatter is not valid: "summary" is missing');
    expect(() => parseLessonText('---\ntitle A\n---\n', 'x.md')).toThrow('cannot read the frontmatter line');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\nsumary: C\n---\n', 'x.md')).toThrow('"sumary" is not a frontmatter key');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\ncovers: [Rule 2]\n---\n', 'x.md')).toThrow('"covers.0" must be a spec rule id');
    expect(() => parseLessonText('---\ntitle: A\nsummary: B\nfiles: [todos.ts]\n---\n', 'x.md')).toThrow('"files" must start with main.ts');
  });
});
