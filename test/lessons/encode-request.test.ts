import { describe, expect, it } from 'vitest';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';

const ORIGIN = 'http://localhost:3000';

describe("a check's request through the one encoder", () => {
  it('sends a string body as text, and a JSON value as JSON, each with its content type', () => {
    const text = encodeRequest(requestOfCheck({ method: 'post', path: '/raw', body: 'hi' }), ORIGIN);
    expect(text).toEqual({ url: `${ORIGIN}/raw`, method: 'POST', headers: [['Content-Type', 'text/plain; charset=utf-8']], body: 'hi' });
    const json = encodeRequest(requestOfCheck({ method: 'PUT', path: '/todos/1', body: { done: true } }), ORIGIN);
    expect(json.headers).toEqual([['Content-Type', 'application/json']]);
    expect(json.body).toBe('{"done":true}');
  });

  it('keeps a content type the check sets, and sends a declared body type without a body empty', () => {
    const own = encodeRequest(requestOfCheck({ method: 'POST', path: '/', headers: { 'content-type': 'application/vnd.api+json' }, body: {} }), ORIGIN);
    expect(own.headers).toEqual([['content-type', 'application/vnd.api+json']]);
    const declared = encodeRequest(requestOfCheck({ method: 'POST', path: '/', bodyType: 'json' }), ORIGIN);
    expect(declared).toMatchObject({ headers: [['Content-Type', 'application/json']], body: '' });
    expect(encodeRequest(requestOfCheck({ method: 'POST', path: '/' }), ORIGIN)).toEqual({ url: `${ORIGIN}/`, method: 'POST', headers: [] });
  });

  it('builds multipart bodies a server parses, leaving the boundary to fetch', async () => {
    const encoded = encodeRequest(
      requestOfCheck({
        method: 'POST',
        path: '/upload',
        headers: { 'Content-Type': 'multipart/form-data' },
        bodyType: 'multipart',
        body: { title: 'Notes', file: { filename: 'notes.txt', content: 'hi', contentType: 'text/markdown' } },
      }),
      ORIGIN,
    );
    expect(encoded.headers).toEqual([]);
    const parsed = await new Request(encoded.url, { method: encoded.method, body: encoded.body }).formData();
    expect(parsed.get('title')).toBe('Notes');
    const file = parsed.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['notes.txt', 'text/markdown', 'hi']);
  });

  it('refuses a form field that is a file, and a form body that is not a map', () => {
    expect(() => requestOfCheck({ method: 'POST', path: '/', bodyType: 'form', body: { cv: { filename: 'a', content: 'b' } } })).toThrow(/must be a string/);
    expect(() => requestOfCheck({ method: 'POST', path: '/', bodyType: 'form', body: [1] })).toThrow(/map of fields/);
  });

  it('never gives GET or HEAD a body', () => {
    expect(encodeRequest(requestOfCheck({ method: 'GET', path: '/', body: 'x' }), ORIGIN).body).toBeUndefined();
  });
});
