/**
 * The exercise's checks read from JSON text (runtime/course/exercises/checks-json.ts): each problem is marked
 * where it is in the text (the key or value a schema issue's path names, a syntax error at its offset),
 * and hostile text (prototype keys, deep nesting, megabytes) is refused quickly, without a throw.
 */
import { parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { pathMark, type JsonMark } from '../../runtime/course/format/json-mark.ts';
import { MAX_CHECKS_TEXT, readChecksJson } from '../../runtime/course/exercises/checks-json.ts';
import { EXERCISE_LIMITS } from '../../runtime/course/exercises/exercise.ts';

const check = { title: 'Lists todos', request: { method: 'GET', path: '/todos' }, expect: { status: 200, json: [] } };
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** The text a mark covers. */
const marked = (text: string, mark: JsonMark) => text.slice(mark.offset, mark.offset + mark.length);
/** The line (from 1) a mark starts on. */
const lineOf = (text: string, mark: JsonMark) => text.slice(0, mark.offset).split('\n').length;

describe('pathMark: from a JSON path to the stretch of text it names', () => {
  const text = pretty([check, { title: 'Flow', steps: [{ socket: 'A', send: { x: 1 } }] }]);
  const root = parseTree(text)!;

  it('marks a value where it is', () => {
    expect(marked(text, pathMark(root, [0, 'expect', 'status'], false, 'm'))).toBe('200');
    expect(marked(text, pathMark(root, [0, 'request', 'path'], false, 'm'))).toBe('"/todos"');
    expect(marked(text, pathMark(root, [1, 'steps', 0, 'socket'], false, 'm'))).toBe('"A"');
  });

  it('marks a key when the issue is about the key', () => {
    expect(marked(text, pathMark(root, [0, 'expect', 'status'], true, 'm'))).toBe('"status"');
  });

  it('marks an object or a list by its key, or by its bracket when it has none', () => {
    expect(marked(text, pathMark(root, [0, 'request'], false, 'm'))).toBe('"request"');
    expect(marked(text, pathMark(root, [1, 'steps'], false, 'm'))).toBe('"steps"');
    const step = pathMark(root, [1, 'steps', 0], false, 'm');
    expect(marked(text, step)).toBe('{');
    expect(lineOf(text, step)).toBe(text.split('\n').findIndex((line) => line.includes('"socket"')));
  });

  it('marks the nearest part that is there for a path that is not (a missing key)', () => {
    expect(marked(text, pathMark(root, [0, 'expect', 'headers'], true, 'm'))).toBe('"expect"');
    expect(marked(text, pathMark(root, [5, 'title'], true, 'm'))).toBe('[');
  });
});

describe('readChecksJson', () => {
  it('reads valid checks', () => {
    expect(readChecksJson(pretty([check]))).toEqual({ checks: [check] });
    expect(readChecksJson('[]')).toEqual({ checks: [] });
  });

  it('tells the limits sharing holds to while editing: a check too long, too many checks, too much together', () => {
    const long = { ...check, title: 'x'.repeat(EXERCISE_LIMITS.checkChars) };
    const text = pretty([check, long]);
    const reading = readChecksJson(text);
    if (!('problem' in reading)) throw new Error('read as valid');
    expect(reading.problem).toMatch(/^Check 2: "check" is longer than 20,000 characters \(line \d+\)$/);
    // Marked at the second check's opening bracket.
    const opening = text.split('\n').flatMap((line, i) => (line.trim() === '{' ? [i + 1] : []));
    expect(lineOf(text, reading.marks[0])).toBe(opening[1]);
    const many = readChecksJson(pretty(Array.from({ length: EXERCISE_LIMITS.checks + 1 }, () => check)));
    expect('problem' in many && many.problem).toMatch(/^The checks cannot be shared: an exercise has at most 50 checks \(line \d+\)\.$/);
    const fat = { ...check, title: 'x'.repeat(EXERCISE_LIMITS.checkChars - 200) };
    const all = readChecksJson(pretty(Array.from({ length: 11 }, () => fat)));
    expect('problem' in all && all.problem).toBe('The checks cannot be shared: the checks are longer than 200,000 characters together.');
  });

  it('marks a wrong key on its line, and names it and the line in the problem', () => {
    const text = pretty([check, { ...check, expect: { stauts: 200 } }]);
    const reading = readChecksJson(text);
    if (!('problem' in reading)) throw new Error('read as valid');
    expect(reading.problem).toMatch(/^Check 2: "expect.stauts" is not a key of expect \(status, .*\) \(line \d+\)$/);
    expect(reading.marks).toHaveLength(1);
    expect(marked(text, reading.marks[0])).toBe('"stauts"');
    const line = text.split('\n').findIndex((l) => l.includes('stauts')) + 1;
    expect(lineOf(text, reading.marks[0])).toBe(line);
    expect(reading.problem).toContain(`(line ${line})`);
  });

  it('marks each wrong value of each check, and a missing key at its object', () => {
    const text = pretty([
      { ...check, request: { method: 'get', path: 'todos' } },
      { title: 'No expect', request: check.request },
    ]);
    const reading = readChecksJson(text);
    if (!('problem' in reading)) throw new Error('read as valid');
    expect(reading.marks.map((mark) => [marked(text, mark), mark.message])).toEqual([
      ['"get"', '"request.method" must be an HTTP method in capitals, like "GET"'],
      ['"todos"', '"request.path" must start with /'],
      ['{', '"expect" is missing'],
    ]);
    expect(reading.problem).toMatch(/^Check 1: "request.method" .*; "request.path" must start with \/ \(line 6\)$/);
  });

  it('marks the key a WebSocket or HTTP step does not have, under its step', () => {
    const text = pretty([{ title: 'Flow', steps: [{ socket: 'A', sned: 'hi' }] }]);
    const reading = readChecksJson(text);
    if (!('problem' in reading)) throw new Error('read as valid');
    expect(reading.marks.map((mark) => marked(text, mark))).toContain('"sned"');
    expect(reading.problem).toContain('"steps.0.sned" is not a key of a WebSocket step');
  });

  it('marks a syntax error at its offset', () => {
    const text = '[\n  {\n    "title": "x"\n    "request": {}\n  }\n]';
    const reading = readChecksJson(text);
    if (!('problem' in reading)) throw new Error('read as valid');
    expect(reading.problem).toBe('Not JSON: a comma expected (line 4)');
    expect(marked(text, reading.marks[0])).toBe('"request"');
    expect(readChecksJson('[{"title": "x",}]')).toMatchObject({ problem: 'Not JSON: a key in double quotes expected (line 1)' });
    expect(readChecksJson('[1] // note')).toMatchObject({ problem: expect.stringMatching(/^Not JSON: comments are not JSON/) });
    expect(readChecksJson('')).toMatchObject({ problem: expect.stringMatching(/^Not JSON/) });
  });

  it('wants a list of objects', () => {
    expect(readChecksJson('{}')).toMatchObject({ problem: expect.stringMatching(/JSON list/), marks: [{ offset: 0, length: 1 }] });
    expect(readChecksJson('[[1]]')).toMatchObject({ problem: 'Check 1: "check" must be a check, an object (line 1)' });
  });

  it('refuses a prototype key anywhere, marked, without touching any prototype', () => {
    // A computed key makes `__proto__` an own key, which JSON.stringify writes out.
    const hostile = pretty([{ ...check, expect: { json: { nested: { ['__proto__']: { polluted: true } } } } }]);
    expect(hostile).toContain('"__proto__"');
    for (const source of [hostile, '[{"__proto__": {"polluted": true}}]', '[{"constructor": {"prototype": {}}}]']) {
      const reading = readChecksJson(source);
      if (!('problem' in reading)) throw new Error('read as valid');
      expect(reading.problem).toMatch(/^The checks cannot be used: "(__proto__|constructor)" is not allowed as a key \(line \d+\)\.$/);
      expect(marked(source, reading.marks[0])).toMatch(/^"(__proto__|constructor)"$/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses deep nesting and megabytes of text quickly, without a throw', () => {
    const started = performance.now();
    expect(readChecksJson('['.repeat(40) + ']'.repeat(40))).toMatchObject({ problem: expect.stringContaining('nested deeper than 32') });
    expect(readChecksJson('['.repeat(MAX_CHECKS_TEXT))).toMatchObject({ problem: expect.stringMatching(/^Not JSON/) });
    const huge = pretty([{ ...check, title: 'x'.repeat(1024 * 1024) }]);
    const reading = readChecksJson(huge);
    expect(reading).toMatchObject({ problem: `The checks are longer than ${MAX_CHECKS_TEXT} characters: shorten them.` });
    const elapsed = performance.now() - started;
    console.log(`deep nesting and 1 MB read in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(2000);
  });
});
