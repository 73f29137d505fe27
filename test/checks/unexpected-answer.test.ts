/**
 * "Add as check" on an error (runtime/course/checks/unexpected-answer.ts): a 5xx, a 4xx, GraphQL errors or a WebSocket
 * error message is named in words before it becomes a check, quoting what the program said; a normal answer is not.
 */
import { describe, expect, it } from 'vitest';
import { App, HttpException } from '../../runtime/framework/index.ts';
import { unexpectedAnswer } from '../../runtime/course/checks/unexpected-answer.ts';
import type { HttpExchange } from '../../runtime/course/checks/record-check.ts';
import type { CheckRequest } from '../../runtime/course/format/check-format.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';

const app = new App();
app.post('/notes', () => {
  // What a program calling crypto.randomUUID() where it is missing answered.
  throw new TypeError('crypto.randomUUID is not a function');
});
app.post('/books', () => {
  throw HttpException.badRequest({ message: 'A book needs a title' });
});
app.post('/graphql', () => ({ errors: [{ message: 'Cannot query field "nope"' }] }));
app.get('/books', () => [{ id: '1' }]);
app.get('/page', (req, res) => res.write('<h1>Oops</h1>'));

async function exchange(request: CheckRequest): Promise<HttpExchange> {
  const { url, method, headers, body } = encodeRequest(requestOfCheck(request), 'http://localhost:3000');
  const response = await app.fetch(new Request(url, { method, headers, body }));
  return { kind: 'http', request, response: { status: response.status, headers: {}, body: await response.text() } };
}

describe('an answer the author did not expect', () => {
  it('is a 5xx: the program failed, quoted', async () => {
    expect(unexpectedAnswer(await exchange({ method: 'POST', path: '/notes', body: { text: 'x' } }))).toBe(
      'POST /notes answered 500: the program failed ("crypto.randomUUID is not a function"). A check recorded from it expects the failure, which a working solution never gives.',
    );
  });

  it('is a 4xx, GraphQL errors, or a WebSocket error message', async () => {
    expect(unexpectedAnswer(await exchange({ method: 'POST', path: '/books', body: {} }))).toMatch(
      /^POST \/books answered 400: the program refused the request \("A book needs a title"\)/,
    );
    expect(unexpectedAnswer(await exchange({ method: 'POST', path: '/graphql', body: { query: '{ nope }' } }))).toMatch(
      /^POST \/graphql answered 200 with GraphQL errors \("Cannot query field "nope""\)/,
    );
    const error = { kind: 'socket', path: '/ws', received: { socket: 'a', message: { id: 1, error: { message: 'No service' } } } } as const;
    expect(unexpectedAnswer(error)).toBe('The message is an error ("No service"): a check recorded from it expects that error.');
  });

  it('is none of a normal answer, JSON or not', async () => {
    expect(unexpectedAnswer(await exchange({ method: 'GET', path: '/books' }))).toBeNull();
    expect(unexpectedAnswer(await exchange({ method: 'GET', path: '/page' }))).toBeNull();
    expect(unexpectedAnswer({ kind: 'socket', path: '/ws', received: { socket: 'a', message: { event: 'x created' } } })).toBeNull();
  });
});
