/**
 * Turning a real exchange with a program into a check of the lesson format (check-format.ts): what a
 * teacher gets from "Add as check" after an HTTP, GraphQL or WebSocket exchange.
 */
import type { Check, CheckExpect, CheckRequest, FlowCheck, JsonValue, SingleCheck, SocketStep } from './check-format.ts';
import type { ActualResponse } from './compare-response.ts';
import { jsonFields, isWithin, pickJson } from './json-fields.ts';

/** An HTTP exchange as it happened (a GraphQL one is a POST of `{ query, variables }`): the request in the check format and the answer. */
export interface HttpExchange {
  kind: 'http';
  request: CheckRequest;
  response: ActualResponse;
}

/**
 * A WebSocket exchange: a message that came on connection `received.socket` of `path`, after (optionally)
 * a message sent on `sent.socket` — the same connection for a reply, another one for an event it caused.
 */
interface SocketExchange {
  kind: 'socket';
  path: string;
  sent?: { socket: string; message: JsonValue };
  received: { socket: string; message: JsonValue };
}

/** An exchange a check can be recorded from. */
export type Exchange = HttpExchange | SocketExchange;

/** How the answer's body is compared: its JSON (only the `keep` paths when given), a text it contains, or not at all. */
export type BodyMatch = { kind: 'json'; keep?: readonly string[] } | { kind: 'contains'; text: string } | { kind: 'none' };

/** A field of the answer that changes from run to run (a generated id, a time), with the reason it was found. */
export interface UnstableField {
  path: string;
  reason: string;
}

/** What the teacher chose for a recorded check. */
export interface RecordChoices {
  title: string;
  match: BodyMatch;
  /** Fields left out of the comparison; each one holding a plain value is captured instead, which proves it is present. */
  unstable?: readonly UnstableField[];
}

/** The JSON of a body, or undefined when it is not JSON. */
export function parseBody(body: string): JsonValue | undefined {
  try {
    return JSON.parse(body) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The answer a check compares: an HTTP response's JSON body, or the WebSocket message. */
export function answerOf(exchange: Exchange): JsonValue | undefined {
  return exchange.kind === 'http' ? parseBody(exchange.response.body) : exchange.received.message;
}

/** The usual choices for an exchange: its whole JSON, or (for a body that is not JSON) the text it contains. */
export function defaultChoices(exchange: Exchange): RecordChoices {
  if (exchange.kind === 'socket') {
    const message = exchange.received.message;
    const name = typeof message === 'object' && message !== null && !Array.isArray(message) && typeof message.event === 'string';
    const what = name ? `the "${(message as { event: string }).event}" event` : 'the reply';
    return { title: `${exchange.path} sends ${what}`, match: { kind: 'json' } };
  }
  const { request, response } = exchange;
  const title = `${request.method} ${request.path} answers ${response.status}`;
  if (answerOf(exchange) !== undefined) return { title, match: { kind: 'json' } };
  return { title, match: response.body.trim() === '' ? { kind: 'none' } : { kind: 'contains', text: response.body.trim().slice(0, 200) } };
}

/** `created_at`, `data_0_id`: a capture name from a dot path. */
function captureName(path: string, taken: Set<string>): string {
  const base = path.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'value';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** The expected JSON and the captures for an answer, with the unstable fields left out (and captured where they hold a value). */
function expectedJson(answer: JsonValue, choices: RecordChoices): { json?: JsonValue; capture?: Record<string, string> } {
  if (choices.match.kind !== 'json') return {};
  const unstable = choices.unstable ?? [];
  const fields = jsonFields(answer);
  const chosen = choices.match.keep ? new Set(choices.match.keep) : null;
  const kept = fields
    .map((field) => field.path)
    .filter((path) => (chosen === null || [...chosen].some((c) => isWithin(path, c))) && !unstable.some((u) => isWithin(path, u.path)));
  const json = pickJson(answer, new Set(kept));
  const taken = new Set<string>();
  const capture: Record<string, string> = {};
  for (const field of fields) {
    const plain = typeof field.value === 'string' || typeof field.value === 'number';
    if (plain && field.path !== '' && unstable.some((u) => isWithin(field.path, u.path)))
      capture[captureName(field.path, taken)] = field.path;
  }
  return { ...(json !== undefined ? { json } : {}), ...(Object.keys(capture).length > 0 ? { capture } : {}) };
}

/** The media type of a content-type header (`application/json` of `application/json; charset=utf-8`); a check's header test is "contains". */
function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type || undefined;
}

/** The names a GraphQL document declares as variables (`$todo` of `mutation ($todo: JSON!)`). */
function declaredVariables(query: string): Set<string> {
  return new Set([...query.matchAll(/\$(\w+)\s*:/g)].map((match) => match[1]));
}

/**
 * The request as a check sends it: a GraphQL body keeps only the variables its operation declares (GraphQL
 * ignores the others, such as the request panel's example `{"q": {}}`), and none when it declares none.
 */
function recordedRequest(request: CheckRequest): CheckRequest {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || typeof body.query !== 'string') return request;
  const variables = body.variables;
  if (variables === undefined || variables === null || typeof variables !== 'object' || Array.isArray(variables)) return request;
  const declared = declaredVariables(body.query);
  const used = Object.entries(variables).filter(([name]) => declared.has(name));
  const { variables: _all, ...rest } = body;
  return { ...request, body: used.length > 0 ? { ...rest, variables: Object.fromEntries(used) } : rest };
}

function httpCheck(exchange: HttpExchange, choices: RecordChoices): SingleCheck {
  const { response } = exchange;
  const request = recordedRequest(exchange.request);
  const expect: CheckExpect = { status: response.status };
  const type = mediaType(response.headers['content-type']);
  if (type) expect.headers = { 'content-type': type };
  const answer = answerOf(exchange);
  const { json, capture } = answer === undefined ? {} : expectedJson(answer, choices);
  if (json !== undefined) expect.json = json;
  if (choices.match.kind === 'contains' && choices.match.text !== '') expect.bodyIncludes = choices.match.text;
  return { title: choices.title, request, expect, ...(capture ? { capture } : {}) };
}

function socketCheck(exchange: SocketExchange, choices: RecordChoices): FlowCheck {
  const { path, sent, received } = exchange;
  const at = path === '/ws' ? {} : { path };
  const { json, capture } = expectedJson(received.message, choices);
  const expecting: SocketStep = { socket: received.socket, expect: json ?? {}, ...(capture ? { capture } : {}) };
  if (!sent) return { title: choices.title, steps: [{ ...expecting, ...at }] };
  if (sent.socket === received.socket) return { title: choices.title, steps: [{ ...expecting, ...at, send: sent.message }] };
  // The receiving connection opens first, or the event would come before anyone listens.
  return {
    title: choices.title,
    steps: [{ socket: received.socket, ...at }, { socket: sent.socket, ...at, send: sent.message }, expecting],
  };
}

/**
 * The check an exchange becomes: the request as sent; for HTTP the status, the content type and the
 * body (its JSON, the chosen fields only, or a text it contains); for WebSocket the message sent and the
 * message that came, as socket steps. Unstable fields are left out and captured (see RecordChoices).
 */
export function recordCheck(exchange: Exchange, choices: RecordChoices = defaultChoices(exchange)): Check {
  return exchange.kind === 'http' ? httpCheck(exchange, choices) : socketCheck(exchange, choices);
}
