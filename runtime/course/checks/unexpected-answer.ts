import type { JsonValue } from '../format/check-format.ts';
import { show } from './match-json.ts';
import { answerOf, type Exchange } from './record-check.ts';

/** What an error answer says: HttpException's JSON `message`, GraphQL's first `errors[].message`, a socket's `error`, else the text. */
function errorText(exchange: Exchange): string {
  const answer = answerOf(exchange);
  const field = (value: JsonValue | undefined, key: string): JsonValue | undefined =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
  const errors = field(answer, 'errors');
  const said =
    field(answer, 'message') ??
    (Array.isArray(errors) ? field(errors[0], 'message') : undefined) ??
    field(field(answer, 'error'), 'message') ??
    field(answer, 'error');
  if (typeof said === 'string') return said;
  if (said !== undefined) return show(said, 120);
  return exchange.kind === 'http' ? exchange.response.body.trim().slice(0, 120) : '';
}

/** The answer's words for a sentence: ` ("crypto.randomUUID is not a function")`, or nothing. */
function quoted(exchange: Exchange): string {
  const text = errorText(exchange);
  return text === '' ? '' : ` ("${text}")`;
}

/**
 * Why recording `exchange` as a check is probably not what the author wants, or null: a check recorded from
 * an error expects that error, so a solution would have to fail the same way (a program crashing on a missing
 * global once became "a normal check"). A 5xx is the program failing; a 4xx, errors in a GraphQL answer or an
 * `error` in a WebSocket reply is the program refusing. The author may still record it knowingly (a check
 * that a missing todo answers 404).
 */
export function unexpectedAnswer(exchange: Exchange): string | null {
  if (exchange.kind === 'socket') {
    const message = exchange.received.message;
    const failed = message !== null && typeof message === 'object' && !Array.isArray(message) && message.error !== undefined;
    return failed ? `The message is an error${quoted(exchange)}: a check recorded from it expects that error.` : null;
  }
  const { request, response } = exchange;
  const what = `${request.method} ${request.path} answered ${response.status}`;
  if (response.status >= 500)
    return `${what}: the program failed${quoted(exchange)}. A check recorded from it expects the failure, which a working solution never gives.`;
  if (response.status >= 400)
    return `${what}: the program refused the request${quoted(exchange)}. A check recorded from it expects the refusal.`;
  const errors = answerOf(exchange);
  if (errors !== null && typeof errors === 'object' && !Array.isArray(errors) && Array.isArray(errors.errors) && errors.errors.length > 0)
    return `${what} with GraphQL errors${quoted(exchange)}. A check recorded from it expects those errors.`;
  return null;
}
