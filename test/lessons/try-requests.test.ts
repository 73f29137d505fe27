import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import type { CheckRequest } from '../../runtime/course/format/check-format.ts';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';
import { builtCourse } from '../support/built-course.ts';
import { requestOfHttpBlock, requestsOfHttpSummary } from '../../web/lessons/course/http-block.ts';
import { restarts } from '../../runtime/course/tools/check-program.ts';
import type { RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import { serveProgram } from '../../runtime/course/tools/serve-program.ts';
import { lessonProgramPath, repoRoot } from './serve-program.ts';

const { lessons } = builtCourse;

// Every request a lesson's text shows (its `http` blocks) can be sent as the page reads it — a
// request with its headers and body, or a summary of body-less requests, one per line — and, sent in
// the order of the text to the lesson's solution, answers the status the text gives (`→ 404`, `→ `201…``,
// a response block right after) or, where the text names none, a success.

/** One request of a lesson text and the status the text says it answers (`null`: some success). */
interface TextRequest {
  request: CheckRequest;
  status: number | null;
  /** The line of the text it comes from, for failure messages. */
  line: string;
}

/** An `http` block, and (looked at, not consumed: it may open the next block) the first line of text after it. */
const HTTP_BLOCK = /^```http\n([\s\S]*?)^```\n?(?=((?:\s*\n)*)([^\n]*))/gm;

/** The requests of a lesson text in order; throws on an `http` block that is neither a request, a summary nor a response. */
function requestsOfText(markdown: string): TextRequest[] {
  const found: TextRequest[] = [];
  for (const [, code, , after] of markdown.matchAll(HTTP_BLOCK)) {
    const firstLine = code.split('\n')[0];
    if (/^HTTP\/\d/.test(firstLine)) continue;
    const single = requestOfHttpBlock(code);
    if (single) {
      // What the text says next: "→ `400` …", or a response block.
      const status = /→ `?(\d{3})\b/.exec(after)?.[1] ?? (after === '```http' ? nextResponseStatus(markdown, code) : null);
      found.push({ request: single, status: status === null ? null : Number(status), line: firstLine });
      continue;
    }
    const lines = code.split('\n').filter((line) => line.trim() !== '');
    const summary = requestsOfHttpSummary(code);
    if (summary.length === 0) throw new Error(`This http block cannot be sent:\n${code}`);
    summary.forEach((request, i) => {
      const status = /→\s*(\d{3})\b/.exec(lines[i])?.[1];
      found.push({ request, status: status === undefined ? null : Number(status), line: lines[i].trim() });
    });
  }
  return found;
}

/** The status of the response block that directly follows the request block `code`, if one does. */
function nextResponseStatus(markdown: string, code: string): string | null {
  const rest = markdown.slice(markdown.indexOf(code) + code.length);
  return /^```\s*\n\s*```http\nHTTP\/[\d.]+ (\d{3})/.exec(rest)?.[1] ?? null;
}

const running = new Set<RunningProgram>();
afterAll(async () => {
  await Promise.all([...running].map((program) => program.stop()));
});

describe.concurrent.each(lessons.map((lesson) => [lesson.id, lesson] as const))('lesson %s', (id, lesson) => {
  it('shows requests that can be sent and that answer as its text says, in order, on its solution', async ({ expect }) => {
    const requests = requestsOfText(readFileSync(join(repoRoot, 'lessons', id, 'lesson.md'), 'utf8'));
    if (process.env.LESSON_DEBUG) console.log(`${id}:\n${requests.map((r) => `  ${r.line} (${r.status ?? 'success'})`).join('\n')}`);
    if (requests.length === 0) return;
    const program = await serveProgram(lessonProgramPath(id, 'solution'), restarts(lesson) ? 60_000 : undefined);
    running.add(program);
    try {
      const answers: string[] = [];
      const wrong: string[] = [];
      for (const { request, status, line } of requests) {
        const { url, method, headers, body } = encodeRequest(requestOfCheck(request), program.origin);
        const response = await fetch(url, { method, headers, body });
        await response.arrayBuffer();
        answers.push(`${line} → ${response.status}`);
        const expected = status === null ? response.status < 400 : response.status === status;
        if (!expected) wrong.push(`${line}: answered ${response.status}, the text says ${status ?? 'a success'}`);
      }
      expect(wrong, `${answers.join('\n')}\n--- program output ---\n${program.output()}`).toEqual([]);
    } finally {
      await program.stop();
      running.delete(program);
    }
  }, restarts(lesson) ? 90_000 : 30_000);
});
