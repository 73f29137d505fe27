import type { CheckRequest } from '../../lessons/lesson-format.ts';
import { METHODS } from '../request/request-model.ts';

const REQUEST_LINE = new RegExp(`^(${METHODS.join('|')}) (/\\S*)$`);
const HEADER = /^([\w-]+):\s*(.*)$/;

/**
 * The request an `http` code block of a lesson shows — a request line (`POST /todos`), header lines, a
 * blank line and the body — or null when the block is something else (a response, a summary of several
 * requests), which then gets no Send button.
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
