/**
 * Turning a real exchange with a program into a check of the lesson format (check-format.ts): what a
 * teacher gets from "Add as check" after an HTTP, GraphQL or WebSocket exchange.
 */
import type {
  Check,
  CheckExpect,
  CheckRequest,
  CheckStep,
  FlowCheck,
  JsonValue,
  SingleCheck,
  SocketStep,
  ValueKind,
} from '../format/check-format.ts';
import type { ActualResponse } from './compare-response.ts';
import { jsonFields, isWithin, pickJson } from './json-fields.ts';
import { freshIdSteps } from './fresh-ids.ts';
import { captureName } from './capture-name.ts';

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
  /** The values the other runs gave (for a range of integers to be proposed from). */
  seen?: JsonValue[];
  /**
   * Mostly its recorded value, now and then another: a solution that is sometimes wrong. Such a field is never
   * loosened on its own: it stays compared by value (so the proof fails) until the author picks a kind for it.
   */
  flaky?: boolean;
}

/** What the teacher chose for a recorded check. */
export interface RecordChoices {
  title: string;
  match: BodyMatch;
  /**
   * Fields left out of the value comparison (they change from run to run). Each is checked by its kind when
   * `kinds` gives one, else captured when it holds a plain value, which proves it is present.
   */
  unstable?: readonly UnstableField[];
  /** Fields checked by their kind instead of their value, by dot path (a UUID, a date-time): proposed for the unstable ones, the author's to change. */
  kinds?: Readonly<Record<string, ValueKind>>;
  /** Values this step's answer hands to later steps of its flow: capture name → dot path. */
  capture?: Readonly<Record<string, string>>;
  /** Fields (an HTTP answer's created id) that must change on every create: the check sends the request again at its end (fresh-ids.ts). */
  fresh?: readonly string[];
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

/** What a step expects of its answer: the JSON compared by value, the fields checked by kind, and the captures. */
interface ExpectedAnswer {
  json?: JsonValue;
  kinds?: Record<string, ValueKind>;
  capture?: Record<string, string>;
}

/**
 * The expected JSON, kinds and captures for an answer: the chosen fields compared by value, except the unstable
 * ones and those checked by kind; an unstable field with no kind is captured where it holds a value (present).
 */
function expectedJson(answer: JsonValue, choices: RecordChoices): ExpectedAnswer {
  const capture: Record<string, string> = { ...choices.capture };
  const taken = new Set(Object.keys(capture));
  const captured = Object.keys(capture).length > 0 ? { capture } : {};
  if (choices.match.kind !== 'json') return captured;
  const unstable = choices.unstable ?? [];
  const byKind = choices.kinds ?? {};
  const fields = jsonFields(answer);
  const chosen = choices.match.keep ? new Set(choices.match.keep) : null;
  const isChosen = (path: string) => chosen === null || [...chosen].some((c) => isWithin(path, c));
  const isUnstable = (path: string) => unstable.some((u) => !u.flaky && isWithin(path, u.path));
  const kept = fields.map((field) => field.path).filter((path) => isChosen(path) && !isUnstable(path) && !(path in byKind));
  const json = pickJson(answer, new Set(kept));
  const kinds = Object.fromEntries(
    Object.entries(byKind).filter(([path]) => isChosen(path) && fields.some((f) => f.path === path && f.path !== '')),
  );
  for (const field of fields) {
    const plain = typeof field.value === 'string' || typeof field.value === 'number';
    const proved = field.path in kinds || Object.values(capture).includes(field.path);
    if (plain && field.path !== '' && isUnstable(field.path) && !proved) capture[captureName(field.path, taken)] = field.path;
  }
  return {
    ...(json !== undefined ? { json } : {}),
    ...(Object.keys(kinds).length > 0 ? { kinds } : {}),
    ...(Object.keys(capture).length > 0 ? { capture } : {}),
  };
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

function httpStep(exchange: HttpExchange, choices: RecordChoices, request: CheckRequest): CheckStep {
  const { response } = exchange;
  const expect: CheckExpect = { status: response.status };
  const type = mediaType(response.headers['content-type']);
  if (type) expect.headers = { 'content-type': type };
  const answer = answerOf(exchange);
  const { json, kinds, capture } = answer === undefined ? { capture: choices.capture } : expectedJson(answer, choices);
  if (json !== undefined) expect.json = json;
  if (kinds) expect.kinds = kinds;
  if (choices.match.kind === 'contains' && choices.match.text !== '') expect.bodyIncludes = choices.match.text;
  return { request, expect, ...(capture && Object.keys(capture).length > 0 ? { capture: { ...capture } } : {}) };
}

function socketSteps(exchange: SocketExchange, choices: RecordChoices, send: JsonValue | undefined): SocketStep[] {
  const { path, sent, received } = exchange;
  const at = path === '/ws' ? {} : { path };
  const { json, kinds, capture } = expectedJson(received.message, choices);
  const expecting: SocketStep = {
    socket: received.socket,
    expect: json ?? {},
    ...(kinds ? { kinds } : {}),
    ...(capture ? { capture } : {}),
  };
  if (!sent || send === undefined) return [{ ...expecting, ...at }];
  if (sent.socket === received.socket) return [{ ...expecting, ...at, send }];
  // The receiving connection opens first, or the event would come before anyone listens.
  return [{ socket: received.socket, ...at }, { socket: sent.socket, ...at, send }, expecting];
}

/**
 * The steps an exchange becomes (see recordCheck); `sending` replaces what it sends (a request, a message) with
 * values of earlier steps put back as `{{name}}`, when it is a step of a flow.
 */
export function recordSteps(exchange: Exchange, choices: RecordChoices, sending?: CheckRequest | JsonValue): (CheckStep | SocketStep)[] {
  if (exchange.kind === 'http')
    return [httpStep(exchange, choices, (sending as CheckRequest | undefined) ?? recordedRequest(exchange.request))];
  return socketSteps(exchange, choices, sending === undefined ? exchange.sent?.message : (sending as JsonValue));
}

/**
 * The check an exchange becomes: the request as sent; for HTTP the status, the content type and the
 * body (its JSON, the chosen fields only, or a text it contains); for WebSocket the message sent and the
 * message that came, as socket steps. Unstable fields are left out: checked by kind or captured (see RecordChoices).
 */
export function recordCheck(exchange: Exchange, choices: RecordChoices = defaultChoices(exchange)): Check {
  if (exchange.kind === 'http') {
    const request = recordedRequest(exchange.request);
    const fresh = freshIdSteps(exchange.response.status, choices, request, new Set());
    const step = httpStep(exchange, { ...choices, capture: fresh.capture }, request);
    if (fresh.repeat) return { title: choices.title, steps: [step, fresh.repeat] } satisfies FlowCheck;
    return { title: choices.title, ...step } satisfies SingleCheck;
  }
  const steps = recordSteps(exchange, choices);
  return { title: choices.title, steps } satisfies FlowCheck;
}

/** The request as a check of a flow sends it (GraphQL variables it does not declare left out); what recordFlow puts captures into. */
export function requestToRecord(exchange: HttpExchange): CheckRequest {
  return recordedRequest(exchange.request);
}
