import { describe, expect, it } from 'vitest';
import {
  createConsoleState,
  entryLocation,
  findLocation,
  isStackFrame,
  MAX_CONSOLE_ENTRIES,
  messageWithoutStack,
} from '../../web/editor/console-store.ts';
import { mergeProblems, type Problem } from '../../web/editor/problems-store.ts';
import { resize } from '../../web/layout/split.tsx';
import { FakeEngine } from './fake-engine.ts';

const { appendConsole, clearConsole, connectConsole, consoleStore, flushConsole } = createConsoleState();

describe('console', () => {
  it('collects engine output, bounded, and clears', () => {
    clearConsole();
    const engine = new FakeEngine();
    const off = connectConsole(engine);
    engine.log({ level: 'log', text: 'Listening', time: 1 });
    expect(consoleStore.get().entries).toEqual([]); // batched until the next flush
    flushConsole();
    expect(consoleStore.get().entries.map((e) => e.text)).toEqual(['Listening']);
    off();
    for (let i = 0; i < MAX_CONSOLE_ENTRIES + 10; i++) appendConsole({ level: 'log', text: String(i), time: i });
    flushConsole();
    expect(consoleStore.get().entries).toHaveLength(MAX_CONSOLE_ENTRIES);
    expect(consoleStore.get().entries.at(-1)?.text).toBe(String(MAX_CONSOLE_ENTRIES + 9));
    clearConsole();
    expect(consoleStore.get().entries).toEqual([]);
  });

  it('finds the learner file in stack frames', () => {
    expect(findLocation('    at handler (main.ts:12:5)', ['main.ts'])).toEqual({ file: 'main.ts', line: 12, column: 5 });
    expect(findLocation('at file:///main.ts:3', ['main.ts'])).toEqual({ file: 'main.ts', line: 3, column: 1 });
    expect(findLocation('at x (halo/app.ts:9:1)', ['main.ts'])).toBeNull();
    expect(findLocation('at x (notmain.ts:9:1)', ['main.ts'])).toBeNull();
  });

  it("tells the learner's files apart in stack frames, a file in a folder included", () => {
    const files = ['main.ts', 'db.ts', 'lib/db.ts', 'planets.service.ts'];
    expect(findLocation('    at PlanetService.read (blob:null/x/planets.service.ts:21:13)', files)).toEqual({
      file: 'planets.service.ts',
      line: 21,
      column: 13,
    });
    expect(findLocation('    at open (lib/db.ts:3:7)', files)).toEqual({ file: 'lib/db.ts', line: 3, column: 7 });
    expect(findLocation('    at open (db.ts:4:1)', files)).toEqual({ file: 'db.ts', line: 4, column: 1 });
    const stack = 'Error: boom\n    at halo/app.ts:1:1\n    at PlanetService.read (planets.service.ts:21:13)\n    at main.ts:8:3';
    expect(entryLocation({ level: 'error', text: 'boom', time: 0, stack }, files)).toEqual({
      file: 'planets.service.ts',
      line: 21,
      column: 13,
    });
  });

  it('an entry without a location points at the first learner frame of its stack', () => {
    const stack = 'TypeError: path.split is not a function\n    at parse (halo/router.ts:3:1)\n    at main.ts:36:5';
    expect(entryLocation({ level: 'error', text: 'x', time: 0, stack }, ['main.ts'])).toEqual({ file: 'main.ts', line: 36, column: 5 });
    expect(
      entryLocation({ level: 'error', text: 'x', time: 0, location: { file: 'main.ts', line: 2, column: 1 } }, ['main.ts'])?.line,
    ).toBe(2);
    expect(entryLocation({ level: 'log', text: 'x', time: 0 }, ['main.ts'])).toBeNull();
  });
  it("reads Firefox's and WebKit's frames (`f@url:l:c`) as it reads V8's", () => {
    const files = ['main.ts', 'lib/db.ts'];
    expect(findLocation('handler@main.ts:12:5', files)).toEqual({ file: 'main.ts', line: 12, column: 5 });
    expect(findLocation('@lib/db.ts:3:7', files)).toEqual({ file: 'lib/db.ts', line: 3, column: 7 });
    expect(findLocation('dispatch@blob:null/0b1c-halo/app.ts:9:1', files)).toBeNull();
    const frames = [
      'handler@main.ts:12:5',
      'module code@main.ts:1:1',
      'forEach@[native code]',
      'async*run@blob:null/x:4:2',
      // Firefox 140.12 leaves a blob: module's URL out of its frames.
      'dispatch@:40:3',
      '    at f (main.ts:1:1)',
    ];
    expect(frames.filter(isStackFrame)).toEqual(frames);
    expect(['TypeError: name is missing', 'Uncaught', 'mail me at ada@example.org'].filter(isStackFrame)).toEqual([]);
    const stack = 'handler@main.ts:12:5\ndispatch@blob:null/x:40:3\n';
    const entry = { level: 'error' as const, text: `Uncaught TypeError: name is missing\n${stack}`, time: 0, stack };
    expect(messageWithoutStack(entry)).toBe('Uncaught TypeError: name is missing');
    expect(entryLocation(entry, files)).toEqual({ file: 'main.ts', line: 12, column: 5 });
  });
});

describe('problems list', () => {
  const p = (source: Problem['source'], line: number, message = source): Problem => ({
    source,
    severity: 'error',
    file: 'main.ts',
    line,
    column: 1,
    message,
  });

  it('sorts by line and lists a syntax error once', () => {
    expect(mergeProblems([p('types', 9), p('compile', 4), p('types', 4), p('runtime', 2)]).map((x) => `${x.source}@${x.line}`)).toEqual([
      'runtime@2',
      'compile@4',
      'types@9',
    ]);
  });
});

describe('split resizing', () => {
  it('moves one boundary and keeps both panes above the minimum', () => {
    expect(resize([30, 40, 30], 0, 10)).toEqual([40, 30, 30]);
    expect(resize([30, 40, 30], 1, 50)).toEqual([30, 62, 8]);
    expect(resize([30, 70], 0, -50)).toEqual([8, 92]);
  });
});
