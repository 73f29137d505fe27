/**
 * Several exchanges recorded as one check's steps (a create, then a read-back): what a value an earlier step
 * answered becomes when a later step sends it again — a capture, put back as `{{name}}` — so the flow holds
 * whatever id a fresh start hands out.
 */
import type { Check, CheckRequest, CheckStep, JsonValue, ValueKind } from '../format/check-format.ts';
import { jsonFields } from './json-fields.ts';
import { answerOf, recordCheck, recordSteps, requestToRecord, type Exchange, type RecordChoices } from './record-check.ts';
import { freshIdSteps, ID_KEY } from './fresh-ids.ts';
import { captureName } from './capture-name.ts';

/** One recorded exchange of a flow and the author's choices for its answer. */
export interface FlowPart {
  exchange: Exchange;
  choices: RecordChoices;
}

/** A value of an earlier answer that later steps may send again, and the capture that holds it. */
interface Reusable {
  name: string;
  part: number;
  path: string;
}

/** `{{name}}` for a text that is a value an earlier step answered, else the text. */
function placeholder(text: string, known: Map<string, Reusable>, used: Set<Reusable>): string {
  const reusable = known.get(text);
  if (!reusable) return text;
  used.add(reusable);
  return `{{${reusable.name}}}`;
}

/** `value` with each string that an earlier step answered put back as `{{name}}`. */
function withPlaceholders(value: JsonValue, known: Map<string, Reusable>, used: Set<Reusable>): JsonValue {
  if (typeof value === 'string') return placeholder(value, known, used);
  if (Array.isArray(value)) return value.map((item) => withPlaceholders(item, known, used));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    // defineProperty: a key named __proto__ stays a plain key of the copy.
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key, { value: withPlaceholders(item, known, used), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** A path whose segments and query values an earlier step answered, put back as `{{name}}` (`/todos/{{id}}`). */
function pathWithPlaceholders(path: string, known: Map<string, Reusable>, used: Set<Reusable>): string {
  const [pathname, query] = path.split(/\?(.*)/s);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const swap = (part: string) => {
    const swapped = placeholder(decode(part), known, used);
    return swapped === decode(part) ? part : swapped;
  };
  const segments = pathname.split('/').map((segment) => (segment === '' ? segment : swap(segment)));
  const pairs = query?.split('&').map((pair) => {
    const [name, value] = pair.split(/=(.*)/s);
    return value === undefined ? pair : `${name}=${swap(value)}`;
  });
  return segments.join('/') + (pairs ? `?${pairs.join('&')}` : '');
}

/** What an exchange sends, with values earlier steps answered put back as `{{name}}`. */
function sendingOf(exchange: Exchange, known: Map<string, Reusable>, used: Set<Reusable>): CheckRequest | JsonValue | undefined {
  if (exchange.kind === 'socket') return exchange.sent && withPlaceholders(exchange.sent.message, known, used);
  const request = requestToRecord(exchange);
  const headers = request.headers && Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, placeholder(v, known, used)]));
  const body = request.body === undefined ? {} : { body: withPlaceholders(request.body as JsonValue, known, used) as CheckRequest['body'] };
  return { ...request, path: pathWithPlaceholders(request.path, known, used), ...(headers ? { headers } : {}), ...body };
}

/** The values of part `index`'s answer a later step may send again: its ids and the fields that change between runs. */
function reusables(part: FlowPart, index: number, taken: Set<string>, known: Map<string, Reusable>): void {
  const answer = answerOf(part.exchange);
  if (answer === undefined) return;
  const unstable = part.choices.unstable ?? [];
  for (const field of jsonFields(answer)) {
    if (typeof field.value !== 'string' && typeof field.value !== 'number') continue;
    const text = String(field.value);
    const key = field.path.split('.').at(-1) ?? '';
    const changes = unstable.some((u) => u.path === field.path);
    if (text === '' || known.has(text) || !(changes || ID_KEY.test(key))) continue;
    known.set(text, { name: captureName(field.path, taken), part: index, path: field.path });
  }
}

/** The fields of an answer holding a value an earlier step captured: checked as equal to that capture. */
function equalsKinds(exchange: Exchange, known: Map<string, Reusable>, index: number): Record<string, ValueKind> {
  const answer = answerOf(exchange);
  const kinds: Record<string, ValueKind> = {};
  for (const field of answer === undefined ? [] : jsonFields(answer)) {
    const reusable = typeof field.value === 'string' || typeof field.value === 'number' ? known.get(String(field.value)) : undefined;
    if (reusable && reusable.part < index) kinds[field.path] = { type: 'equals', capture: reusable.name };
  }
  return kinds;
}

/**
 * The check several exchanges become, in order, as one flow: each exchange's steps as recordCheck makes them,
 * where a later request (its path, query, headers or body) or message sends a value an earlier answer gave — an
 * id, or a value that changes between runs — that value is captured from the earlier step and put back as
 * `{{name}}`, and a later answer holding it is checked as equal to the capture. One exchange is recordCheck's check.
 */
export function recordFlow(title: string, parts: readonly FlowPart[]): Check {
  if (parts.length === 1) return recordCheck(parts[0].exchange, { ...parts[0].choices, title });
  const known = new Map<string, Reusable>();
  const taken = new Set<string>();
  const used = new Set<Reusable>();
  const planned = parts.map((part, index) => {
    const sending = index === 0 ? undefined : sendingOf(part.exchange, known, used);
    const equals = equalsKinds(part.exchange, known, index);
    reusables(part, index, taken, known);
    return { part, sending, equals };
  });
  const repeats: CheckStep[] = [];
  const steps = planned.flatMap(({ part, sending, equals }, index) => {
    const capture = Object.fromEntries([...used].filter((u) => u.part === index).map((u) => [u.name, u.path]));
    const usedEquals = Object.fromEntries(
      Object.entries(equals).filter(([, kind]) => kind.type === 'equals' && [...used].some((u) => u.name === kind.capture)),
    );
    const choices: RecordChoices = {
      ...part.choices,
      kinds: { ...part.choices.kinds, ...usedEquals },
      capture: { ...capture, ...part.choices.capture },
    };
    if (part.exchange.kind !== 'http') return recordSteps(part.exchange, choices, sending);
    const request = (sending as CheckRequest | undefined) ?? requestToRecord(part.exchange);
    const fresh = freshIdSteps(part.exchange.response.status, choices, request, taken);
    if (fresh.repeat) repeats.push(fresh.repeat);
    return recordSteps(part.exchange, { ...choices, capture: fresh.capture }, request);
  });
  return { title, steps: [...steps, ...repeats] };
}

/** How many steps of a recorded flow each part became, in order (a WebSocket event heard elsewhere is three). */
export function stepCounts(parts: readonly FlowPart[]): number[] {
  return parts.map((part) => recordSteps(part.exchange, part.choices).length);
}
