/**
 * Exercises by link and by file (runtime/course/exercises/exercise.ts, share format 3, web/share/link/exercise-file.ts):
 * they round-trip; older links keep their version; an exercise link opens in its own workspace held behind
 * the click, "Back to my code" returns to where the learner was, the click keeps the exercise (its code
 * and progress under its content's hash); hostile exercises (markup, oversized or invalid checks,
 * `__proto__` anywhere, unknown parts) are refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
import { decodeShare } from '../../web/share/link/share-codec.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import type { SharedProgram } from '../../web/share/link/share-format.ts';
import { toBase64Url } from '../../web/share/link/base64url.ts';
import { exerciseFileText, readExerciseFile } from '../../web/share/link/exercise-file.ts';
import { openSharedLink } from '../../web/share/open-shared-link.ts';
import { exerciseId, exerciseProblem, type Exercise } from '../../runtime/course/exercises/exercise.ts';
import { freshState } from './fresh-state.ts';

const exercise: Exercise = {
  title: 'Greet by name <b>now</b>',
  text: '# Greet\n\nAnswer `GET /greet` with <script>alert(1)</script> **Hello**.',
  starter: { 'main.ts': "import { App } from 'halo';\n// TODO\n" },
  solution: { 'main.ts': "import { App } from 'halo';\n// done\n" },
  checks: [
    {
      title: 'GET /greet answers <img src=x onerror=alert(1)>',
      request: { method: 'GET', path: '/greet' },
      expect: { status: 200, bodyIncludes: 'Hello' },
    },
  ],
};
const request = { method: 'GET' as const, path: '/greet', headers: [], bodyType: 'none' as const };
const { starter, ...rest } = exercise;
const program: SharedProgram = { lesson: null, files: starter, request, exercise: rest };

/** A link value of version 3 holding exactly `data` (bypassing the encoder, as a crafted link would). */
const crafted = (data: unknown) => `3.${toBase64Url(deflateSync(strToU8(JSON.stringify(data))))}`;
const craftedText = (text: string) => `3.${toBase64Url(deflateSync(strToU8(text)))}`;

function stubStorage(): Map<string, string> {
  const data = new Map<string, string>([['halo.active.v1', JSON.stringify('04-bodies')]]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  });
  return data;
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('exercise links and files', () => {
  it('round-trip in share format 3; links without an exercise stay version 2', () => {
    const value = encodeShare(program);
    expect(value).toMatch(/^3\./);
    expect(decodeShare(value)).toEqual(program);
    expect(encodeShare({ lesson: null, files: starter, request })).toMatch(/^2\./);
    expect(readExerciseFile(exerciseFileText(program))).toEqual(program);
  });

  it('keep markup as text: the title, text and check titles come back exactly as written', () => {
    const decoded = decodeShare(encodeShare(program));
    expect(decoded.exercise?.title).toBe('Greet by name <b>now</b>');
    expect(decoded.exercise?.checks[0].title).toContain('<img src=x onerror=alert(1)>');
  });

  it('refuse hostile exercises: __proto__ anywhere, unknown parts, invalid or oversized checks, huge text', () => {
    const bad: [string, unknown][] = [
      ['__proto__ in a check', JSON.parse(JSON.stringify(rest).replace('"expect":{', '"expect":{"__proto__":{"polluted":1},'))],
      ['constructor key', { ...rest, checks: [{ ...rest.checks[0], expect: { json: { constructor: { prototype: 1 } } } }] }],
      ['unknown part', { ...rest, script: 'alert(1)' }],
      ['invalid check', { ...rest, checks: [{ title: 'x', request: { method: 'get', path: 'greet' }, expect: {} }] }],
      ['no checks', { ...rest, checks: [] }],
      ['too many checks', { ...rest, checks: Array.from({ length: 51 }, () => rest.checks[0]) }],
      ['an oversized check', { ...rest, checks: [{ ...rest.checks[0], expect: { body: 'x'.repeat(30_000) } }] }],
      ['huge text', { ...rest, text: 'x'.repeat(20_001) }],
      ['empty title', { ...rest, title: ' ' }],
      ['solution with a bad file name', { ...rest, solution: { 'main.ts': '', '../x.ts': '' } }],
    ];
    for (const [what, value] of bad) {
      expect(() => decodeShare(crafted({ ...program, exercise: value })), what).toThrow(/damaged/);
      expect(exerciseProblem({ ...(value as object), starter }), what).not.toBeNull();
    }
    // A __proto__ key as JSON text (JSON.stringify of an object cannot write one).
    const text = JSON.stringify(program).replace('"checks":[{', '"checks":[{"__proto__":{"title":"polluted"},');
    expect(() => decodeShare(craftedText(text))).toThrow(/damaged/);
    expect(({} as Record<string, unknown>).title).toBeUndefined();
    expect(() => readExerciseFile(text)).toThrow();
    expect(() => readExerciseFile(JSON.stringify({ format: 'halo-exercise', version: 3, ...JSON.parse(text) }))).toThrow(/key "__proto__"/);
    expect(() => readExerciseFile('{"format":"halo-exercise","version":99}')).toThrow(/newer/);
    expect(() => readExerciseFile('not json')).toThrow(/not JSON/);
  });

  it('open in their own workspace, held; "Back to my code" returns; the click keeps the exercise and its code', () => {
    const data = stubStorage();
    const s = freshState();
    const id = exerciseId(exercise);
    expect(openSharedLink(s.state, `#share=${encodeShare(program)}`, s.target)).toBe(true);
    expect(s.workspaceStore.get()).toMatchObject({ active: id, unchosen: { held: true, returnTo: '04-bodies' } });
    expect(s.filesStore.get().files).toEqual(starter);
    // Nothing of it is stored before the click.
    expect(data.get('halo.exercises.v1') ?? '{}').toBe('{}');
    s.showSavedCode();
    expect(s.workspaceStore.get()).toMatchObject({ active: '04-bodies', unchosen: null });

    openSharedLink(s.state, `#share=${encodeShare(program)}`, s.target);
    s.keepShownCode();
    expect(Object.keys(JSON.parse(data.get('halo.exercises.v1')!) as object)).toEqual([id]);
    s.setFile('main.ts', '// my attempt');
    expect((JSON.parse(data.get('halo.workspaces.v1')!) as Record<string, unknown>)[id]).toEqual({ 'main.ts': '// my attempt' });

    // A reload opens the exercise with the learner's code; the same link again opens it without holding.
    const again = freshState();
    expect(again.workspaceStore.get().active).toBe(id);
    expect(again.filesStore.get().files).toEqual({ 'main.ts': '// my attempt' });
    openSharedLink(again.state, `#share=${encodeShare(program)}`, again.target);
    expect(again.workspaceStore.get()).toMatchObject({ active: id, unchosen: null });
    expect(again.filesStore.get().files).toEqual({ 'main.ts': '// my attempt' });
  });

  it('take the lesson pane from the exercise maker when one opens (the draft stays)', () => {
    stubStorage();
    const s = freshState();
    const { draftStore, openDraft } = s.state.exerciseDraft;
    openDraft({ 'main.ts': '// mine' });
    draftStore.set({ title: 'Draft' });
    openSharedLink(s.state, `#share=${encodeShare(program)}`, s.target);
    expect(draftStore.get()).toMatchObject({ open: false, title: 'Draft' });
  });

  it('make links that open from any page address', () => {
    expect(shareUrl('http://h/play/index.html?lesson=scratch', encodeShare(program))).toMatch(
      /^http:\/\/h\/play\/index\.html\?lesson=scratch#share=3\./,
    );
  });
});
