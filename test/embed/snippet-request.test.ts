import { expect, test } from 'vitest';
import { parseRequestText, requestOf } from '../../web/embed/snippet-request.ts';

test('a request line alone; a path alone is a GET', () => {
  expect(parseRequestText('DELETE /todos/1')).toEqual({ method: 'DELETE', path: '/todos/1', headers: [], body: undefined });
  expect(parseRequestText('/hello?x=1')).toEqual({ method: 'GET', path: '/hello?x=1', headers: [], body: undefined });
});

test('headers, then a blank line and the body; a JSON body gets its content type unless one is given', () => {
  expect(parseRequestText('post /greet\nx-token: 7\n\n{"name":"Ada"}')).toEqual({
    method: 'POST',
    path: '/greet',
    headers: [
      ['x-token', '7'],
      ['content-type', 'application/json'],
    ],
    body: '{"name":"Ada"}',
  });
  expect(parseRequestText('POST /form\nContent-Type: application/x-www-form-urlencoded\n\nname=Ada')?.headers).toEqual([
    ['Content-Type', 'application/x-www-form-urlencoded'],
  ]);
  expect(parseRequestText('POST /note\n\nhello\n\nworld')?.body).toBe('hello\n\nworld');
});

test('what is not a request is null', () => {
  expect(parseRequestText('hello')).toBeNull();
  expect(parseRequestText('GET hello')).toBeNull();
  expect(requestOf({ path: 'no-slash' })).toBeNull();
});

test('the API takes a request as parts, with headers as an object or pairs', () => {
  expect(requestOf({ method: 'put', path: '/a', headers: { 'x-a': '1' }, body: 'text' })).toEqual({
    method: 'PUT',
    path: '/a',
    headers: [
      ['x-a', '1'],
      ['content-type', 'text/plain; charset=utf-8'],
    ],
    body: 'text',
  });
});

test('a request line with its HTTP version, as HTTP writes it, is the same request', () => {
  expect(parseRequestText('GET /x HTTP/1.1')).toEqual({ method: 'GET', path: '/x', headers: [], body: undefined });
  expect(parseRequestText('post /greet http/2\naccept: text/plain\n\nhi')).toMatchObject({ method: 'POST', path: '/greet', body: 'hi' });
  expect(parseRequestText('GET /x HTTP/1.1 extra')).toBeNull();
});
