/**
 * The house rule on function length (functions under ~60 lines): in the product's code (runtime/, web/, scripts/)
 * at most 15 functions run over 60 lines and none over 100. A long function is split where its parts have names of
 * their own (routes, stores, panels), not by line count.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionLengths } from './support/function-lengths.ts';

const REPO = resolve(import.meta.dirname, '..');
const LONG = 60;
const MOST_LONG = 15;
const LONGEST = 100;

describe('function lengths in runtime/, web/ and scripts/', () => {
  const lengths = functionLengths(REPO, ['runtime', 'web', 'scripts']);
  const listed = (list: typeof lengths) => list.map((f) => `${f.lines} lines: ${f.name} (${f.file}:${f.line})`).join('\n');

  it(`at most ${MOST_LONG} functions run over ${LONG} lines`, () => {
    const long = lengths.filter((f) => f.lines > LONG);
    expect(long.length, `functions over ${LONG} lines:\n${listed(long)}`).toBeLessThanOrEqual(MOST_LONG);
  });

  it(`no function runs over ${LONGEST} lines`, () => {
    const longest = lengths.filter((f) => f.lines > LONGEST);
    expect(longest.length, `functions over ${LONGEST} lines:\n${listed(longest)}`).toBe(0);
  });
});
