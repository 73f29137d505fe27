import { describe, expect, it } from 'vitest';
import { decodeShare } from '../../web/share/link/share-codec.ts';
import { shareUrl, shareValueFromHash } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import type { SharedProgram } from '../../web/share/link/share-format.ts';
import { SHARE_VERSION, SHARE_WARN_LENGTH } from '../../web/share/link/share-format.ts';
import { fromSharedRequest, toSharedRequest } from '../../web/share/link/shared-request.ts';
import { shareLengthWarning } from '../../web/share/make-share-link.ts';
import { isKnownProgram } from '../../web/share/link/known-programs.ts';
import { defaultRequest, newMultipartRow, newRow } from '../../web/exchange/request/request-model.ts';
import { builtCourse } from '../support/built-course.ts';
import { toBase64Url } from '../../web/share/link/base64url.ts';
import { deflateSync, strToU8 } from 'fflate';
import { ShareLinkError } from '../../web/share/link/share-link-error.ts';

const { findLesson, lessons } = builtCourse;

/** The error decoding `value` throws (the test fails when it decodes). */
function refusal(value: string): ShareLinkError {
  try {
    decodeShare(value);
  } catch (error) {
    if (error instanceof ShareLinkError) return error;
    throw new Error(`"${value}" threw a raw ${String(error)}`, { cause: error });
  }
  throw new Error(`"${value}" decoded`);
}

const base: SharedProgram = {
  lesson: '04-bodies',
  files: { 'main.ts': "import { App } from 'halo';\n// héllo ✓ 日本語 🚀\nconst s = '\\u0000';\n", 'lib/util.ts': 'export const x = 1;\n' },
  request: {
    method: 'POST',
    path: '/greet?lang=fr&q=%C3%A9',
    headers: [
      ['Accept', '*/*', true],
      ['X-Off', 'ñ', false],
    ],
    bodyType: 'json',
    json: '{"name":"Zoë 🚀"}',
  },
};

describe('share links', () => {
  it('round-trips unicode files, lesson and request', () => {
    const value = encodeShare(base);
    expect(value).toMatch(/^2\.[A-Za-z0-9_-]+$/);
    expect(decodeShare(value)).toEqual(base);
  });

  it('round-trips a multipart request with file names and small file contents', async () => {
    const spec = {
      ...defaultRequest(),
      method: 'POST' as const,
      path: '/upload',
      bodyType: 'multipart' as const,
      multipart: [
        newMultipartRow('text', 'title', 'Résumé'),
        { ...newMultipartRow('file', 'doc', 'notes ✓.txt'), file: new File(['hello ✓'], 'notes ✓.txt', { type: 'text/plain' }) },
        { ...newMultipartRow('file', 'big', 'big.bin'), file: new File([new Uint8Array(100_000)], 'big.bin') },
      ],
    };
    const shared = await toSharedRequest(spec);
    const decoded = decodeShare(encodeShare({ ...base, request: shared }));
    const restored = fromSharedRequest(decoded.request);
    expect(restored.bodyType).toBe('multipart');
    expect(restored.multipart.map((r) => [r.kind, r.name, r.value])).toEqual([
      ['text', 'title', 'Résumé'],
      ['file', 'doc', 'notes ✓.txt'],
      ['file', 'big', 'big.bin'],
    ]);
    expect(restored.multipart[1].file?.name).toBe('notes ✓.txt');
    expect(restored.multipart[1].file?.type).toBe('text/plain');
    expect(await restored.multipart[1].file?.text()).toBe('hello ✓');
    // Too large for a link: the name survives, the learner picks the file again.
    expect(restored.multipart[2].file?.size).toBe(0);
  });

  it('keeps only the active body and restores form rows with their enabled flags', async () => {
    const spec = {
      ...defaultRequest(),
      method: 'PUT' as const,
      bodyType: 'form' as const,
      form: [newRow('a', '1'), { ...newRow('b', '2'), enabled: false }],
    };
    const shared = await toSharedRequest(spec);
    expect(shared.json).toBeUndefined();
    const restored = fromSharedRequest(decodeShare(encodeShare({ ...base, request: shared })).request);
    expect(restored.form.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['a', '1', true],
      ['b', '2', false],
    ]);
    expect(restored.json).toBe(defaultRequest().json);
  });

  it('gives a typical lesson program a link under 2 000 characters', async () => {
    const size = (files: Record<string, string>) => Object.values(files).join('').length;
    const longest = lessons.reduce((a, b) => (size(a.solution) > size(b.solution) ? a : b));
    const median = [...lessons].sort((a, b) => size(a.solution) - size(b.solution))[Math.floor(lessons.length / 2)];
    const request = await toSharedRequest(defaultRequest());
    const link = (files: Record<string, string>, id: string) =>
      shareUrl('https://example.org/halo/play/', encodeShare({ lesson: id, files, request }));
    expect(link(median.solution, median.id).length).toBeLessThan(2_000);
    expect(link(findLesson('01-getting-started')!.starter, '01-getting-started').length).toBeLessThan(2_000);
    console.log(
      `share link lengths: median lesson ${link(median.solution, median.id).length}, largest ${link(longest.solution, longest.id).length}`,
    );
  });

  it('round-trips a big program and warns past the length limit', () => {
    // Random-ish code compresses badly, like a large hand-written program would not.
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed.toString(36));
    const big = Array.from({ length: 3000 }, (_, i) => `app.get('/r${i}', () => '${noise()}');`).join('\n');
    const program = { ...base, files: { 'main.ts': big } };
    const url = shareUrl('https://example.org/', encodeShare(program));
    expect(decodeShare(shareValueFromHash(new URL(url).hash)!)).toEqual(program);
    expect(url.length).toBeGreaterThan(SHARE_WARN_LENGTH);
    expect(shareLengthWarning(url.length)).toMatch(/characters long/);
    expect(shareLengthWarning(SHARE_WARN_LENGTH)).toBeNull();
  });

  it('decodes links written by format version 1 (frozen)', () => {
    // Written by the first release; a new format must add a decoder, never break this one.
    const v1 =
      '1.JY6xDcIwFERXsa5BQoZQUIWKCUCCCkxhyAcHJbZxTBFFnoKWBRBjZBMm4Qeq_--ke3cdKmoaZ5FjNp8cXVFSA4lzyTbyDrUu7TTyi7L2LkTRiaX3IolzcLUYGV250ULZLBOmf1WVE5_nQ1kkiUC3OzXxB6FoXMGM9WqzZbrX0bDKLoEosjakCwpcst9jeTqRH8xxNoaM4U6HgwQPa7etJ05dh7Xyf3J0ClbXpJAr7Fz_VkhI6Qsnpm';
    expect(decodeShare(v1)).toEqual({
      lesson: '04-bodies',
      files: { 'main.ts': "import { App } from 'halo';\n// héllo ✓\n" },
      request: { method: 'POST', path: '/greet', headers: [['Accept', '*/*', true]], bodyType: 'json', json: '{"name":"Zoë"}' },
    });
  });

  it('calls a cut, altered or foreign link damaged, in plain words, never in the decoder’s', () => {
    const good = encodeShare(base);
    const data = good.slice(2);
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const damaged = [
      'hello', // no version at all
      '', // an empty share= value
      '1.', // the version and nothing else
      '0.' + data, // version 0 was never written
      '-1.' + data,
      'x.' + data,
      '1e0.' + data, // a number, but not as a version is written
      '1.!!!', // outside the base64url alphabet
      '1.AAAAA', // a length atob refuses ("not correctly encoded")
      good.slice(0, good.length - 10), // cut short: fflate's "unexpected EOF"
      good.slice(0, 40), // cut shorter: "invalid distance" and friends
      `1.${flip(data, Math.floor(data.length / 2))}`, // one character changed in the middle
      `1.${toBase64Url(strToU8('not deflate at all'))}`,
      `1.${toBase64Url(deflateSync(strToU8('{"files": ')))}`, // inflates, but not to JSON
    ];
    for (const value of damaged) {
      const error = refusal(value);
      expect(error.problem, value).toBe('damaged');
      expect(error.message).toMatch(/damaged.*Ask the sender for the link again/);
      expect(error.message).not.toMatch(/invalid|distance|EOF|atob|encoded|base64|JSON|token|format \d/i);
    }
  });

  it('calls a link newer only when its version is past the newest this build knows', () => {
    for (const value of [`${SHARE_VERSION + 1}.abc`, '99.abc', '99999999999999999999.abc']) {
      const error = refusal(value);
      expect(error.problem, value).toBe('newer');
      expect(error.message).toMatch(/newer version of the playground/);
    }
  });

  it('carries a GraphQL body and a WebSocket request from format version 2 on, back into the request panel', async () => {
    const spec = {
      ...defaultRequest(),
      method: 'POST' as const,
      path: '/graphql',
      bodyType: 'graphql' as const,
      graphql: '{ books }',
      variables: '{ "q": 1 }',
      mode: 'websocket' as const,
      socketPath: '/live',
      socketMessage: '{"id":1}',
    };
    const request = await toSharedRequest(spec);
    expect(request).toMatchObject({
      graphql: { query: '{ books }', variables: '{ "q": 1 }' },
      socket: { path: '/live', message: '{"id":1}' },
    });
    const back = fromSharedRequest(decodeShare(encodeShare({ ...base, request })).request);
    expect(back).toMatchObject({
      bodyType: 'graphql',
      graphql: '{ books }',
      variables: '{ "q": 1 }',
      mode: 'websocket',
      socketPath: '/live',
      socketMessage: '{"id":1}',
    });
    // A version 1 link knows neither: its GraphQL body type is damage, and it opens in HTTP mode.
    const v1 = (value: unknown) => `1.${toBase64Url(deflateSync(strToU8(JSON.stringify(value))))}`;
    expect(refusal(v1({ ...base, request: { ...request } })).problem).toBe('damaged');
    expect(
      fromSharedRequest(decodeShare(v1({ ...base, request: { ...base.request, socket: { path: '/x', message: '' } } })).request).mode,
    ).toBe('http');
  });

  it('carries a program of several files, and a format 2 link of one file still opens', () => {
    const files = { 'main.ts': "import { x } from './lib/x.ts';", 'lib/x.ts': 'export const x = 1;', 'data.json': '{"a":1}' };
    expect(decodeShare(encodeShare({ ...base, files })).files).toEqual(files);
    // Written by the playground before programs had several files (format 2, as share-link e2e links are).
    const v2 = `2.${toBase64Url(deflateSync(strToU8(JSON.stringify({ ...base, files: { 'main.ts': '// one' } }))))}`;
    expect(decodeShare(v2).files).toEqual({ 'main.ts': '// one' });
  });

  it('refuses link data of the wrong shape as damaged, keeping the reason for debugging', () => {
    const wrap = (value: unknown) => `1.${toBase64Url(deflateSync(strToU8(JSON.stringify(value))))}`;
    const cases: [unknown, RegExp][] = [
      [{ lesson: null, files: { 'main.ts': 3 }, request: base.request }, /file main.ts/],
      [{ lesson: null, files: { 'main.ts': '' }, request: { ...base.request, method: 'TRACE' } }, /TRACE/],
      [{ lesson: null, files: {}, request: base.request }, /no main.ts/],
      [null, /data/],
    ];
    for (const [value, reason] of cases) {
      const error = refusal(wrap(value));
      expect(error.problem).toBe('damaged');
      expect(String(error.cause)).toMatch(reason);
    }
    const huge = refusal(wrap({ lesson: null, files: { 'main.ts': 'x'.repeat(5 * 1024 * 1024) }, request: base.request }));
    expect(huge.problem).toBe('too-large');
    expect(huge.message).toMatch(/too large/);
  });

  it('refuses an intact link past a documented limit by naming the limit, not as damaged', () => {
    const wrap = (value: unknown) => `2.${toBase64Url(deflateSync(strToU8(JSON.stringify(value))))}`;
    const cases: [Record<string, string>, RegExp][] = [
      [Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i ? `f${i}.ts` : 'main.ts', ''])), /at most 20 files; this one has 21/],
      [{ 'main.ts': '', '../x.ts': '' }, /file name "\.\.\/x\.ts" is not allowed\. Use letters/],
      [{ 'main.ts': '', '/etc/x.ts': '' }, /file name "\/etc\/x\.ts" is not allowed\. Use a relative name/],
      [{ 'main.ts': '', 'notes.txt': '' }, /file name "notes\.txt" is not allowed\. The name must end in \.ts, \.js, \.json/],
      [{ 'main.ts': 'x'.repeat(1_000_001) }, /file main\.ts has 1,000,001 characters; a file has at most 1,000,000/],
      [{ 'main.ts': '', [`${'a'.repeat(5000)}.ts`]: '' }, /file name "a{60}…" is not allowed/],
    ];
    for (const [files, limit] of cases) {
      const error = refusal(wrap({ ...base, files }));
      expect(error.problem).toBe('limit');
      expect(error.message).toMatch(/^This share link is intact, but its program goes past a limit of the playground: /);
      expect(error.message).toMatch(limit);
      expect(error.message).toMatch(/Ask the sender to share a program within the limits\.$/);
      expect(error.message).not.toMatch(/damaged/);
    }
  });

  it('reads the share value among other fragment flags and keeps the query', () => {
    expect(shareValueFromHash('#embed&share=1.abc')).toBe('1.abc');
    expect(shareValueFromHash('#other')).toBeNull();
    expect(shareUrl('https://h.example/play/?embed#old', '1.x')).toBe('https://h.example/play/?embed#share=1.x');
  });

  it('recognizes the playground’s own programs whatever the line endings', () => {
    const lesson = findLesson('02-routes-and-methods')!;
    const known = [lesson.starter, lesson.solution];
    expect(isKnownProgram({ 'main.ts': lesson.solution['main.ts'].replace(/\n/g, '\r\n') }, known)).toBe(true);
    expect(isKnownProgram({ 'main.ts': `${lesson.solution['main.ts']}\nfetch('https://evil.example');` }, known)).toBe(false);
    expect(isKnownProgram({ ...lesson.starter, 'x.ts': '' }, known)).toBe(false);
  });
});
