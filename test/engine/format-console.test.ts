/**
 * The playground's console prints what Node's console.log prints: the same values through the worker's formatter
 * and through Node's own `util.format` (what `console.log` writes) give the same text.
 */
import { format } from 'node:util';
import { describe, expect, it } from 'vitest';
import { errorText, formatArgs } from '../../runtime/server-worker/format-console.ts';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

function circular(): object {
  const node: Record<string, unknown> = { name: 'loop' };
  node.self = node;
  return node;
}

const CASES: [string, unknown[]][] = [
  ['a plain string', ['hello']],
  ['placeholders', ['%s is %d years and %i days, %j %o %%', 'Ada', 36.5, 7.9, { a: 1 }, [1]]],
  ['an object', [{ a: 1, b: 'two', c: [1, 2, 3] }]],
  ['an array with undefined', [[undefined, 1]]],
  [
    'a Map and a Set',
    [
      new Map<unknown, unknown>([
        ['a', 1],
        [{ k: 1 }, [2]],
      ]),
      new Set([1, 'two']),
    ],
  ],
  ['a circular object', [circular()]],
  ['nesting deeper than two levels', [{ a: { b: { c: { d: { e: 1 } } } } }]],
  ['a class instance', [new Point(1, 2)]],
  ['primitives', [42, -0, NaN, 10n, true, null, undefined, Symbol('s')]],
  ['a function and a class', [function named() {}, () => 1, Point]],
  ['a date', [new Date(Date.UTC(2026, 10, 26, 12, 0, 0))]],
  ['nested strings quoted', [{ text: 'it\'s "quoted"', lines: 'a\nb' }]],
  ['a long array', [Array.from({ length: 120 }, (_, i) => i)]],
  ['a long line breaks', [{ first: 'a'.repeat(30), second: 'b'.repeat(30), third: 'c'.repeat(30) }]],
  ['strings after a non-string', [1, 'two', 'three']],
  ['an error', [new TypeError('bad input')]],
  ['an error after a label', ['Failed:', new RangeError('out of range')]],
  ['typed data', [new Uint8Array([1, 2, 3]), new Float64Array([0.5])]],
  ['null prototype', [Object.assign(Object.create(null) as object, { a: 1 })]],
];

describe('console formatting matches Node', () => {
  it.each(CASES)('%s', (_name, args) => {
    expect(formatArgs(args, (stack) => stack)).toBe(format(...args));
  });

  it('maps the frames of a logged error', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at handler (blob:program:3:9)';
    expect(formatArgs(['Uncaught', error], (stack) => stack.replace('blob:program:3:9', 'main.ts:12:5'))).toBe(
      'Uncaught Error: boom\n    at handler (main.ts:12:5)',
    );
  });

  it("puts the message first when the engine's stack has frames only (Firefox, Safari)", () => {
    const error = new TypeError('name is missing');
    error.stack = 'handler@blob:program:3:9\nrun@blob:program:9:2\n';
    expect(errorText(error, (stack) => stack.replaceAll('blob:program', 'main.ts'))).toBe(
      'TypeError: name is missing\nhandler@main.ts:3:9\nrun@main.ts:9:2\n',
    );
  });

  it('shows an error without a stack by its name and message', () => {
    const error = new Error('no stack');
    error.stack = undefined;
    expect(formatArgs([error], (stack) => stack)).toBe('Error: no stack');
  });
});
