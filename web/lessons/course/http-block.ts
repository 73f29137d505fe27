import type { CheckRequest, JsonValue } from '../../../runtime/course/format/check-format.ts';
import { METHODS } from '../../../runtime/contract/http-request.ts';

const REQUEST_LINE = new RegExp(`^(${METHODS.join('|')}) (/\\S*)$`);
/**
 * A line of a summary block: a request, then what the text adds — a JSON body, a note in parentheses — and,
 * after an arrow, what it answers (`POST /todos {"text":"x"} → 201 …`, `GET /lamp → 200 On.`).
 */
const SUMMARY_LINE = new RegExp(`^(${METHODS.join('|')}) (/[^\\s→]*)(.*)$`);
const HEADER = /^([\w-]+):\s*(.*)$/;
/** A note in parentheses, for the reader only: `(as admin)`. */
const NOTE = /^\(.*\)$/;

/**
 * The request an `http` code block of a lesson shows — a request line (`POST /todos`), header lines, a
 * blank line and the body — or null when the block is something else (a response, a summary of several
 * requests: see {@link summaryLinesOf}).
 */
export function requestOfHttpBlock(code: string): CheckRequest | null {
  const lines = code.replace(/\r\n/g, '\n').split('\n');
  const first = REQUEST_LINE.exec(lines[0].trim());
  if (!first) return null;
  const headers: Record<string, string> = {};
  let index = 1;
  for (; index < lines.length && lines[index].trim() !== ''; index += 1) {
    const header = HEADER.exec(lines[index].trim());
    if (!header) return null;
    headers[header[1]] = header[2];
  }
  const body = lines
    .slice(index + 1)
    .join('\n')
    .trim();
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const request: CheckRequest = { method: first[1], path: first[2], headers };
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    request.bodyType = 'form';
    request.body = Object.fromEntries(new URLSearchParams(body));
  } else if (body !== '' || contentType !== '') {
    // The panel's JSON editor sends any text as is, under the block's own content-type.
    request.bodyType = 'text';
    request.body = body;
  }
  return request;
}

/** The JSON text `text` holds, or undefined when it is not JSON. */
function jsonOf(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * The request one line of a summary block sends: `METHOD /path`, then optionally a JSON body, a note in
 * parentheses, and `→` with the answer the text expects (the answer is for the reader). Null when the line
 * is something else.
 */
function requestOfSummaryLine(line: string): CheckRequest | null {
  const match = SUMMARY_LINE.exec(line);
  if (!match) return null;
  const arrow = match[3].indexOf('→');
  const between = (arrow === -1 ? match[3] : match[3].slice(0, arrow)).trim();
  const request: CheckRequest = { method: match[1], path: match[2] };
  if (between === '' || NOTE.test(between)) return request;
  // A body, maybe followed by a note: the longest JSON prefix that ends where a note (or nothing) starts.
  const note = between.search(/\s+\(.*\)$/);
  const body = jsonOf(note === -1 ? between : between.slice(0, note));
  if (body === undefined || body === null || typeof body !== 'object') return null;
  request.body = body;
  return request;
}

/** One line of a summary block: its text, and the request it sends (null when the line is not a request). */
export interface SummaryLine {
  text: string;
  request: CheckRequest | null;
}

/**
 * The lines of a summary block (`POST /lamp → 200 Switched on.`, `POST /todos {"text":"x"} → 201`), each with
 * the request it sends, its body included. A line that is not a request costs only its own Send; a response
 * block (`HTTP/1.1 200 OK` …) has no requests at all.
 */
export function summaryLinesOf(code: string): SummaryLine[] {
  const lines = code
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (/^HTTP\/\d/.test(lines[0] ?? '')) return lines.map((text) => ({ text, request: null }));
  return lines.map((text) => ({ text, request: requestOfSummaryLine(text) }));
}

/** The requests of a summary block, one per line; empty unless every line is one (see {@link summaryLinesOf}). */
export function requestsOfHttpSummary(code: string): CheckRequest[] {
  const requests = summaryLinesOf(code).map((line) => line.request);
  return requests.every((request) => request !== null) ? requests : [];
}
