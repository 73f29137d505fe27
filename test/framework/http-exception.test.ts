import { describe, expect, it } from 'vitest';
import { HttpException } from '../../runtime/framework/http-exception.ts';

describe('HttpException', () => {
  it.each([
    ['badRequest', 400, '400 Bad Request'],
    ['notAuthenticated', 401, '401 Not Authenticated'],
    ['paymentRequired', 402, '402 Payment Required'],
    ['forbidden', 403, '403 Forbidden'],
    ['notFound', 404, '404 Not Found'],
    ['methodNotAllowed', 405, '405 Method Not Allowed'],
    ['notAcceptable', 406, '406 Not Acceptable'],
    ['methodTimeout', 408, '408 Timeout'],
    ['conflict', 409, '409 Conflict'],
    ['notProcessable', 422, '422 Not Processable'],
    ['notImplemented', 501, '501 Not Implemented'],
    ['unavailable', 503, '503 Unavailable'],
  ] as const)('%s() is %i with message %s', (factory, status, message) => {
    const e = HttpException[factory]();
    expect(e).toBeInstanceOf(HttpException);
    expect(e).toBeInstanceOf(Error);
    expect(e.statusCode).toBe(status);
    expect(e.message).toBe(message);
    expect(e.errors).toEqual([]);
  });

  it('factories take a message and errors', () => {
    const e = HttpException.badRequest({ message: 'Missing name.', errors: ['name is required'] });
    expect(e.toJson()).toEqual({ is_error: true, status_code: 400, message: 'Missing name.', errors: ['name is required'] });
    expect(JSON.stringify(e)).toBe('{"is_error":true,"status_code":400,"message":"Missing name.","errors":["name is required"]}');
  });

  it('toString is "<status>: <message>"', () => {
    expect(String(new HttpException({ statusCode: 420, message: 'Blaze It' }))).toBe('420: Blaze It');
  });

  it('the constructor defaults to a 500', () => {
    const e = new HttpException();
    expect(e.statusCode).toBe(500);
    expect(e.message).toBe('500 Internal Server Error');
  });

  it('from() passes HttpExceptions through and wraps anything else as 500 with its message', () => {
    const original = HttpException.conflict();
    expect(HttpException.from(original)).toBe(original);
    const cause = new TypeError('x is not a function');
    const wrapped = HttpException.from(cause);
    expect(wrapped.statusCode).toBe(500);
    expect(wrapped.message).toBe('x is not a function');
    expect(wrapped.cause).toBe(cause);
    expect(HttpException.from('oops').message).toBe('oops');
  });

  it('does not share the errors array it was given', () => {
    const errors = ['a'];
    const e = HttpException.badRequest({ errors });
    errors.push('b');
    expect(e.errors).toEqual(['a']);
  });
});
