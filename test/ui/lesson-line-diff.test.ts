import { describe, expect, it } from 'vitest';
import { diffLines } from '../../web/lessons/line-diff.ts';

describe('diffLines', () => {
  it('marks equal texts as the same lines', () => {
    expect(diffLines('a\nb', 'a\nb')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'same', text: 'b' },
    ]);
  });

  it('shows a changed line as expected then actual, keeping the common lines aligned', () => {
    expect(diffLines('{\n  "name": "Ada"\n}', '{\n  "name": null\n}')).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'expected', text: '  "name": "Ada"' },
      { kind: 'actual', text: '  "name": null' },
      { kind: 'same', text: '}' },
    ]);
  });

  it('shows missing and extra lines', () => {
    expect(diffLines('a\nb\nc', 'a\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'expected', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'actual', text: 'd' },
    ]);
  });

  it('compares a one-line body with an empty one', () => {
    expect(diffLines('Hello, Ada!', '')).toEqual([
      { kind: 'expected', text: 'Hello, Ada!' },
      { kind: 'actual', text: '' },
    ]);
  });
});
