import { describe, expect, it } from 'vitest';
import { bodyKind, jsonSummary, prettyJson, statusClass, statusText } from '../../web/exchange/response/format.ts';
import { formatBytes, formatDuration } from '../../web/layout/units.ts';
import { isKillSwitchTimeout, readResponse } from '../../web/exchange/response/read-response.ts';

describe('status', () => {
  it('classes colour the status by its hundred', () => {
    expect([101, 200, 302, 404, 504].map(statusClass)).toEqual(['informational', 'success', 'redirect', 'client-error', 'server-error']);
  });

  it('keeps the reason the server sent, else the standard one', () => {
    expect(statusText(400)).toBe('Bad Request');
    expect(statusText(200, 'Fine')).toBe('Fine');
    expect(statusText(299)).toBe('');
  });
});

describe('sizes and times', () => {
  it('formats bytes', () => {
    expect([0, 512, 1536, 3 * 1024 * 1024].map(formatBytes)).toEqual(['0 B', '512 B', '1.5 KB', '3.0 MB']);
  });

  it('formats durations', () => {
    expect([3.4, 999, 1250].map(formatDuration)).toEqual(['3 ms', '999 ms', '1.25 s']);
  });
});

describe('bodies', () => {
  it('picks JSON only when the type says so and it parses', () => {
    expect(bodyKind('application/json; charset=utf-8', '{"a":1}')).toBe('json');
    expect(bodyKind('application/problem+json', '[1]')).toBe('json');
    expect(bodyKind('application/json', '{broken')).toBe('text');
    expect(bodyKind('text/plain', '{"a":1}')).toBe('text');
    expect(bodyKind('text/html; charset=utf-8', '<h1>x</h1>')).toBe('html');
    expect(bodyKind('text/html', '')).toBe('empty');
    expect(bodyKind('image/png', '\u0089PNG')).toBe('binary');
    expect(bodyKind('application/octet-stream', 'x')).toBe('binary');
  });

  it('pretty-prints JSON and leaves other text alone', () => {
    expect(prettyJson('{"is_error":true,"errors":[]}')).toBe('{\n  "is_error": true,\n  "errors": []\n}');
    expect(prettyJson('Hello, world!')).toBe('Hello, world!');
  });

  it('summarises collapsed JSON nodes', () => {
    expect(jsonSummary([1, 2])).toBe('Array(2)');
    expect(jsonSummary({ a: 1, b: 2 })).toBe('{2 keys}');
    expect(jsonSummary('x')).toBe('"x"');
  });
});

describe('reading a response', () => {
  it('captures status, headers, decoded body, size and time', async () => {
    const response = new Response('héllo', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-a': '1' } });
    const view = await readResponse(response, 100, 5000, () => 142);
    expect(view).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      body: 'héllo',
      size: 6,
      timeMs: 42,
      contentType: 'text/plain; charset=utf-8',
      timedOut: false,
    });
    expect(view.headers).toContainEqual(['x-a', '1']);
  });

  it('tells the kill switch 504 from a quick 504 the program sent itself', () => {
    expect(isKillSwitchTimeout(504, 5010, 5000)).toBe(true);
    expect(isKillSwitchTimeout(504, 12, 5000)).toBe(false);
    expect(isKillSwitchTimeout(500, 6000, 5000)).toBe(false);
  });
});
