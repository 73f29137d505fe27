import { expect, test } from 'vitest';
import { readToFrame } from '../../runtime/embed/read-to-frame.ts';
import { MAX_MESSAGE_CHARS, MAX_TIME_LIMIT_MS } from '../../runtime/embed/snippet-protocol.ts';
import { ANY_ORIGIN_LIST } from '../../runtime/contract/embed-origins-file.ts';
import { originAllowed } from '../../runtime/embed/allowed-origins.ts';

test("the frame reads the page's messages of the protocol", () => {
  const run = { type: 'run', id: 's1', seq: 1, files: { 'main.ts': 'x' } };
  expect(readToFrame(run)).toEqual({ ok: true, message: run });
  const send = { type: 'send', id: 's1', seq: 2, request: { method: 'GET', path: '/', headers: [['accept', '*/*']] } };
  expect(readToFrame(send)).toEqual({ ok: true, message: send });
});

test('a message of another shape, with an unknown key, or too long is refused, saying why', () => {
  expect(readToFrame({ type: 'eval', code: 'alert(1)' })).toMatchObject({ ok: false });
  expect(readToFrame({ type: 'stop', id: 's1', extra: true })).toMatchObject({ ok: false });
  expect(readToFrame({ type: 'send', id: 's1', seq: 1, request: { method: 'get', path: '/', headers: [] } })).toEqual({
    ok: false,
    reason: 'request.method: an HTTP method in capitals',
  });
  expect(readToFrame({ type: 'stop', id: '../etc' })).toEqual({ ok: false, reason: 'id: a snippet id is 1 to 64 letters, digits, _ or -' });
  const huge = { type: 'run', id: 's1', seq: 1, files: { 'main.ts': 'x'.repeat(MAX_MESSAGE_CHARS) } };
  expect(readToFrame(huge)).toMatchObject({ ok: false, reason: expect.stringMatching(/^the message has \d+ characters/) as string });
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  expect(readToFrame(cyclic)).toEqual({ ok: false, reason: 'the message is not plain data' });
});

test('without an allowlist any page may connect; with one, only the pages it names', () => {
  expect(originAllowed('https://blog.example', null)).toBe(true);
  expect(originAllowed('https://blog.example', ['https://docs.example'])).toBe(false);
  expect(originAllowed('https://docs.example', ['https://docs.example'])).toBe(true);
  // What the build and the kit write when nobody limited them.
  expect(originAllowed('https://blog.example', (JSON.parse(ANY_ORIGIN_LIST) as { origins: string[] }).origins)).toBe(true);
});

test("a run's time limit is a whole number of milliseconds from 100 to MAX_TIME_LIMIT_MS", () => {
  const run = { type: 'run', id: 's1', seq: 1, files: { 'main.ts': 'x' } };
  expect(readToFrame({ ...run, timeLimitMs: 10_000 })).toMatchObject({ ok: true });
  expect(readToFrame({ ...run, timeLimitMs: MAX_TIME_LIMIT_MS + 1 })).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/^timeLimitMs/) as string,
  });
  expect(readToFrame({ ...run, timeLimitMs: 50 })).toMatchObject({ ok: false });
});
