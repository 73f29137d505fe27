/**
 * Flows and kinds in the maker's recording (runtime/course/checks/record-flow.ts, propose-kinds.ts), against real
 * programs on Node (child processes, real sockets): a create then a read-back recorded as one check's steps
 * carries the created id as a capture (`/notes/{{id}}`, never the literal UUID); the replay finds the UUID and
 * the time, for which the kinds proposed are uuid and date-time; the check passes run after run on fresh
 * starts, and a wrong answer with a fixed id and a made-up date fails it.
 */
import { checkTests } from '../../runtime/course/checks/check-tests.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { serveProgram, type RunningProgram } from '../../runtime/course/tools/serve-program.ts';
import type { CheckRequest } from '../../runtime/course/format/check-format.ts';
import { defaultChoices, type HttpExchange } from '../../runtime/course/checks/record-check.ts';
import { recordFlow, type FlowPart } from '../../runtime/course/checks/record-flow.ts';
import { replayFlow } from '../../runtime/course/checks/replay-exchange.ts';
import { proposeKind, proposedKinds } from '../../runtime/course/checks/propose-kinds.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';
import { encodeRequest } from '../../runtime/contract/encode-request.ts';
import { requestOfCheck } from '../../runtime/course/checks/check-request.ts';

let right: RunningProgram;
let wrong: RunningProgram;
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const options = (program: RunningProgram) => ({ origin: program.origin, fetch, timeoutMs: 10_000, restart: program.restart });

beforeAll(async () => {
  [right, wrong] = await Promise.all([serveProgram(fixture('notes-program.ts')), serveProgram(fixture('notes-wrong-program.ts'))]);
}, 90_000);
afterAll(async () => {
  await Promise.all([right?.stop(), wrong?.stop()]);
});

async function exchange(request: CheckRequest): Promise<HttpExchange> {
  const { url, method, headers, body } = encodeRequest(requestOfCheck(request), right.origin);
  const response = await fetch(url, { method, headers, body });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  return { kind: 'http', request, response: { status: response.status, headers: responseHeaders, body: await response.text() } };
}

describe('proposed kinds', () => {
  it('name what a value is, most telling first; none for a boolean or null', () => {
    expect(proposeKind('0b0c5a4e-6f1d-4c3a-9a43-1f2e3d4c5b6a')).toEqual({ type: 'uuid' });
    expect(proposeKind('2026-11-27T21:40:00.123Z')).toEqual({ type: 'date-time' });
    expect(proposeKind('2026-11-27')).toEqual({ type: 'date' });
    expect(proposeKind(4)).toEqual({ type: 'integer' });
    expect(proposeKind(0.25)).toEqual({ type: 'number' });
    expect(proposeKind('heads')).toEqual({ type: 'text' });
    expect(proposeKind(true)).toBeNull();
    expect(proposeKind(null)).toBeNull();
    expect(
      proposedKinds({ id: 'a', on: true, list: [1] }, [
        { path: 'on', reason: '' },
        { path: 'list', reason: '' },
      ]),
    ).toEqual({});
  });
});

describe('a create, then a read-back, recorded as one check', () => {
  it('captures the id the create answered and sends it back as {{id}}; kinds check the UUID and the time; a wrong answer fails', async () => {
    await right.restart();
    const created = await exchange({ method: 'POST', path: '/notes', body: { text: 'Milk' } });
    const id = (JSON.parse(created.response.body) as { id: string }).id;
    const readBack = await exchange({ method: 'GET', path: `/notes/${id}` });
    const parts: FlowPart[] = [created, readBack].map((e) => ({ exchange: e, choices: defaultChoices(e) }));

    const replays = await replayFlow(parts, { ...options(right), starts: [1, 2, 3].map(() => ({ start: right.restart })) });
    expect(replays.flatMap((r) => r.warnings)).toEqual([]);
    expect(replays.map((r) => r.unstable.map((u) => u.path).sort())).toEqual([
      ['createdAt', 'id'],
      ['createdAt', 'id'],
    ]);
    const chosen: FlowPart[] = parts.map((part, i) => {
      const answer = JSON.parse((part.exchange as HttpExchange).response.body);
      const unstable = replays[i].unstable;
      return { ...part, choices: { ...part.choices, unstable, kinds: proposedKinds(answer, unstable) } };
    });
    expect(proposedKinds(JSON.parse(created.response.body), replays[0].unstable)).toEqual({
      id: { type: 'uuid' },
      createdAt: { type: 'date-time' },
    });

    const check = recordFlow('A note can be read back', chosen);
    expect(checkIssues(check)).toEqual([]);
    expect(JSON.stringify(check)).not.toContain(id);
    expect(check).toMatchObject({
      steps: [
        {
          request: { method: 'POST', path: '/notes', body: { text: 'Milk' } },
          expect: { status: 201, json: { text: 'Milk' }, kinds: { id: { type: 'uuid' }, createdAt: { type: 'date-time' } } },
          capture: { id: 'id' },
        },
        {
          request: { method: 'GET', path: '/notes/{{id}}' },
          expect: {
            status: 200,
            json: { text: 'Milk' },
            kinds: { id: { type: 'equals', capture: 'id' }, createdAt: { type: 'date-time' } },
          },
        },
      ],
    });
    // The card lists what the shared check compares: the read-back's id against the capture, not "a UUID".
    expect(checkTests(check).filter((t) => t.place === 'json.id')).toEqual([
      { step: 1, place: 'json.id', test: expect.stringMatching(/^a string matching \/\^\[0-9a-f\]\{8\}-/) },
      { step: 2, place: 'json.id', test: 'equal to the value captured as "id" (captured in step 1)' },
    ]);
    for (let run = 1; run <= 3; run++) {
      await right.restart();
      const [result] = await runChecks([check], options(right));
      expect(
        result.steps.flatMap((s) => s.failures),
        `run ${run}`,
      ).toEqual([]);
    }
    const [refused] = await runChecks([check], options(wrong));
    expect(refused.passed).toBe(false);
    expect(refused.steps[0].failures).toEqual([
      'Expected json.id to be a UUID, but it is "my-note".',
      expect.stringMatching(/^Expected json\.createdAt to be an ISO date and time .*, but it is "some day"\.$/),
    ]);
  }, 120_000);
});
