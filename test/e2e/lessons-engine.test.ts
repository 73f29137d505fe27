/**
 * Every lesson's solution, in real Chromium, passes all its checks through the playground engine: the
 * same check runner the lesson pane uses, with the requests sent by the page's fetch (service worker →
 * server worker; WebSocket steps through the page's WebSocket). Checks that restart the program get a fresh run of the same code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepsOf } from '../../runtime/course/format/check-format.ts';
import { builtCourse } from '../support/built-course.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';
import { PlaygroundSession } from './harness/session.ts';
import type { BodySpec } from './harness/session.ts';
import { pageWebSocketClass } from './harness/page-websocket.ts';
import type { WebSocketClass } from '../../runtime/course/checks/check-socket.ts';

const { lessons } = builtCourse;

const ORIGIN = 'http://localhost:3000';
let session: PlaygroundSession;
/** WebSocket steps open the page's sockets (routed to the program by msw), driven from here. */
let PageWebSocket: WebSocketClass;

beforeAll(async () => {
  // Lesson 19 opens PGlite (initdb in wasm) on its first request: a generous kill switch.
  session = await PlaygroundSession.open({ requestTimeoutMs: 60_000 });
  PageWebSocket = await pageWebSocketClass(session.page);
});
afterAll(async () => {
  await session?.close();
});

/** The runner's fetch(url, init) replayed inside the page; bodies cross as a BodySpec. */
const pageFetch: typeof fetch = async (input, init = {}) => {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  let body: BodySpec | undefined;
  if (init.body instanceof FormData) {
    const parts: Extract<BodySpec, { multipart: unknown }>['multipart'] = {};
    for (const [name, value] of init.body.entries()) {
      parts[name] = typeof value === 'string' ? value : { filename: value.name, content: await value.text(), type: value.type };
    }
    body = { multipart: parts };
  } else if (typeof init.body === 'string') {
    body = { text: init.body };
  }
  const response = await session.fetch(input instanceof Request ? input.url : input.toString(), { method: init.method, headers, body });
  // A Response with these statuses (or to HEAD) must have a null body.
  const noBody = [101, 204, 205, 304].includes(response.status) || init.method === 'HEAD';
  return new Response(noBody ? null : response.body, { status: response.status, headers: response.headers });
};

const restarts = (id: string) => lessons.find((l) => l.id === id)!.checks.some((check) => stepsOf(check).some((step) => step.restartFirst));

describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('%s in Chromium', (id, lesson) => {
  it(
    'has a solution that passes every check through the engine',
    async () => {
      const files = lesson.solution;
      expect((await session.run(files)).status).toBe('running');
      const results = await runChecks(lesson.checks, {
        origin: ORIGIN,
        fetch: pageFetch,
        restart: async () => void (await session.run(files)),
        WebSocket: PageWebSocket,
      });
      const failed = results.filter((r) => !r.passed).map((r) => `${r.title}: ${r.steps.flatMap((s) => s.failures).join(' | ')}`);
      expect(failed).toEqual([]);
      expect(results).toHaveLength(lesson.checks.length);
    },
    restarts(id) ? 150_000 : 60_000,
  );
});
