import type { CheckRequest } from '../../../runtime/checks/check-format.ts';
import { METHODS } from '../../../runtime/checks/http-request.ts';

const REQUEST_LINE = new RegExp(`^(${METHODS.join('|')}) (/\\S*)$`);
/** A line of a summary block: a request and, after an arrow, what it answers (`GET /lamp → 200 On.`). */
const SUMMARY_LINE = new RegExp(`^(${METHODS.join('|')}) (/\\S*)\\s+→`);
const HEADER = /^([\w-]+):\s*(.*)$/;

/**
 * The request an `http` code block of a lesson shows — a request line (`POST /todos`), header lines, a
 * blank line and the body — or null when the block is something else (a response, a summary of several
 * requests: see {@link requestsOfHttpSummary}).
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
  const body = lines.slice(index + 1).join('\n').trim();
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

/**
 * The requests of a summary block, one per line (`POST /lamp → 200 Switched on.`), each sent without a
 * body; empty when any line is something else, so a response block never gets Send buttons.
 */
export function requestsOfHttpSummary(code: string): CheckRequest[] {
  const lines = code.replace(/\r\n/g, '\n').split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const requests = lines.map((line) => SUMMARY_LINE.exec(line));
  return requests.every((match) => match !== null) ? requests.map((match) => ({ method: match[1], path: match[2] })) : [];
}
