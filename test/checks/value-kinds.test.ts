/**
 * Fields checked by their kind (check-format.ts `expect.kinds`): through runChecks against a real app, so a
 * wrong answer with made-up values fails where a value-free "present" check let it pass, and through the
 * schema, so a misspelt kind is named.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../runtime/framework/index.ts';
import { defineChecks, type Check, type JsonValue, type ValueKind } from '../../runtime/course/format/check-format.ts';
import { runChecks } from '../../runtime/course/checks/run-checks.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';
import { kindTest, kindWords, matchKinds } from '../../runtime/course/checks/value-kinds.ts';
import { proposeKind } from '../../runtime/course/checks/propose-kinds.ts';
import { recordCheck } from '../../runtime/course/checks/record-check.ts';
import { checkTests } from '../../runtime/course/checks/check-tests.ts';

const SEED_DATE = '2024-01-15T09:30:00.000Z';
let counter = 0;
const app = new App();
app.post('/notes', () => ({ id: crypto.randomUUID(), text: 'Milk', createdAt: new Date().toISOString(), createdOn: '2026-03-01' }));
app.post('/wrong-notes', () => ({ id: 'my-note', text: 'Milk', createdAt: 'some day', createdOn: '2026-02-30' }));
app.get('/seed', () => ({ id: 'seed', createdAt: SEED_DATE }));
app.get('/counter', () => ({ n: ++counter, dice: 1 + (counter % 6), price: 2.5 }));
app.get('/same', () => ({ n: 7 }));
app.get('/notes/:id', (req) => ({ id: req.params.id }));

const inProcess: typeof fetch = (input, init) => app.fetch(new Request(input, init));
const run = (checks: Check[]) => runChecks(checks, { origin: 'http://localhost:3000', fetch: inProcess });
const failures = (result: { steps: { failures: string[] }[] }) => result.steps.flatMap((step) => step.failures);

const noteKinds: Record<string, ValueKind> = {
  id: { type: 'uuid' },
  text: { type: 'text' },
  createdAt: { type: 'date-time' },
  createdOn: { type: 'date' },
};

describe('checks by kind', () => {
  it('pass a right answer whose values change on every run', async () => {
    const checks = defineChecks([
      { title: 'a note', request: { method: 'POST', path: '/notes' }, expect: { status: 200, kinds: noteKinds } },
    ]);
    for (let run_ = 0; run_ < 2; run_++) {
      const [result] = await run(checks);
      expect(failures(result)).toEqual([]);
    }
  });

  it('fail a wrong answer with a fixed id and a made-up date, naming each field', async () => {
    const [result] = await run(
      defineChecks([
        { title: 'a note', request: { method: 'POST', path: '/wrong-notes' }, expect: { json: { text: 'Milk' }, kinds: noteKinds } },
      ]),
    );
    expect(result.passed).toBe(false);
    expect(failures(result)).toEqual([
      'Expected json.id to be a UUID, but it is "my-note".',
      'Expected json.createdAt to be an ISO date and time (like 2026-11-26T03:40:00Z), but it is "some day".',
      'Expected json.createdOn to be a date (like 2026-11-26), but it is "2026-02-30".',
    ]);
  });

  it('say when a field with a kind is missing', async () => {
    const [result] = await run(
      defineChecks([{ title: 'x', request: { method: 'GET', path: '/seed' }, expect: { kinds: { 'items.0.id': { type: 'uuid' } } } }]),
    );
    expect(failures(result)).toEqual(['Expected json.items[0].id to be a UUID, but it is missing.']);
  });

  it('still compare a fixed seed date by its value', async () => {
    const [right] = await run(
      defineChecks([
        {
          title: 'seed',
          request: { method: 'GET', path: '/seed' },
          expect: { json: { createdAt: SEED_DATE }, kinds: { createdAt: { type: 'date-time' } } },
        },
      ]),
    );
    expect(failures(right)).toEqual([]);
    const [wrong] = await run(
      defineChecks([
        { title: 'seed', request: { method: 'GET', path: '/seed' }, expect: { json: { createdAt: '2024-01-16T09:30:00.000Z' } } },
      ]),
    );
    expect(failures(wrong)).toEqual([`Expected json.createdAt to be "2024-01-16T09:30:00.000Z", but it is "${SEED_DATE}".`]);
  });

  it('check integers and numbers in a range', async () => {
    const [inRange] = await run(
      defineChecks([
        {
          title: 'n',
          request: { method: 'GET', path: '/counter' },
          expect: {
            kinds: { n: { type: 'integer', min: 1 }, dice: { type: 'integer', min: 1, max: 6 }, price: { type: 'number', min: 0 } },
          },
        },
      ]),
    );
    expect(failures(inRange)).toEqual([]);
    const [outside] = await run(
      defineChecks([
        {
          title: 'n',
          request: { method: 'GET', path: '/counter' },
          expect: { kinds: { price: { type: 'integer' }, dice: { type: 'number', max: 0 } } },
        },
      ]),
    );
    expect(failures(outside)).toEqual([
      'Expected json.price to be an integer, but it is 2.5.',
      expect.stringMatching(/^Expected json\.dice to be a number of at most 0, but it is \d\.$/),
    ]);
  });

  it('check a field differs from the previous answer of the check', async () => {
    const [fresh] = await run(
      defineChecks([
        {
          title: 'fresh',
          steps: [
            { request: { method: 'GET', path: '/counter' }, expect: {} },
            { request: { method: 'GET', path: '/counter' }, expect: { kinds: { n: { type: 'differs' } } } },
          ],
        },
      ]),
    );
    expect(failures(fresh)).toEqual([]);
    const [same] = await run(
      defineChecks([
        {
          title: 'same',
          steps: [
            { request: { method: 'GET', path: '/same' }, expect: {} },
            { request: { method: 'GET', path: '/same' }, expect: { kinds: { n: { type: 'differs' } } } },
          ],
        },
      ]),
    );
    expect(failures(same)).toEqual(["Expected json.n to be different from the previous step's, but it is 7 again."]);
    const [first] = await run(
      defineChecks([{ title: 'first', request: { method: 'GET', path: '/same' }, expect: { kinds: { n: { type: 'differs' } } } }]),
    );
    expect(failures(first)).toEqual([
      "Expected json.n to be different from the previous step's, but this is the first step of the check, with no answer before it to compare with.",
    ]);
  });

  it('check a field equals what an earlier step captured', async () => {
    const flow = (path: string) =>
      defineChecks([
        {
          title: 'read back',
          steps: [
            { request: { method: 'POST', path: '/notes' }, expect: { kinds: { id: { type: 'uuid' } } }, capture: { noteId: 'id' } },
            { request: { method: 'GET', path }, expect: { kinds: { id: { type: 'equals', capture: 'noteId' } } } },
          ],
        },
      ]);
    const [right] = await run(flow('/notes/{{noteId}}'));
    expect(failures(right)).toEqual([]);
    const [wrong] = await run(flow('/notes/other'));
    expect(failures(wrong)).toEqual([
      expect.stringMatching(
        /^Expected json\.id to be the value captured as "noteId", but it is "other", and the capture is "[0-9a-f-]{36}"\.$/,
      ),
    ]);
  });

  it('read as words, for a maker to list', () => {
    expect(kindWords({ type: 'integer', min: 1, max: 6 })).toBe('an integer from 1 to 6');
    expect(kindWords({ type: 'number', min: 0 })).toBe('a number of at least 0');
  });

  it('compare numbers with a captured number', () => {
    expect(matchKinds({ n: { type: 'equals', capture: 'n' } }, { n: 5 }, { captured: { n: '5' } })).toEqual([]);
    expect(matchKinds({ n: { type: 'equals', capture: 'm' } }, { n: 5 }, { captured: {} })).toEqual([
      'Expected json.n to be the value captured as "m", but no earlier step captured "m".',
    ]);
  });

  it('tell date-times and dates that exist from those that do not', () => {
    const dateTime = { at: { type: 'date-time' } } as const;
    for (const good of ['2026-11-26T03:40:00.123Z', '2026-11-26T03:40:00+14:00', '2026-11-26T03:40', '2024-02-29T23:59:60Z'])
      expect(matchKinds(dateTime, { at: good }, { captured: {} }), good).toEqual([]);
    for (const bad of ['some day', '2026-13-01T00:00:00Z', '2026-11-26T24:00:00Z', '2025-02-29T10:00:00Z', '2026-11-26', 1764128400000])
      expect(matchKinds(dateTime, { at: bad }, { captured: {} }), String(bad)).toHaveLength(1);
    expect(matchKinds({ on: { type: 'date' } }, { on: '2026-11-26T00:00:00Z' }, { captured: {} })).toHaveLength(1);
    expect(matchKinds({ t: { type: 'text' } }, { t: '  ' }, { captured: {} })).toEqual([
      'Expected json.t to be a text that is not empty, but it is "  ".',
    ]);
  });

  it('are part of the schema: a misspelt kind or key is named', () => {
    const at = (kinds: unknown) => checkIssues({ title: 't', request: { method: 'GET', path: '/' }, expect: { kinds } });
    expect(at({ id: { type: 'uuid' }, n: { type: 'number', min: 0, max: 9 }, a: { type: 'equals', capture: 'id' } })).toEqual([]);
    expect(at({ id: { type: 'uid' } })).toEqual([
      '"expect.kinds.id.type" is not a kind: write { type: "uuid" } or another type (uuid, ulid, hex, date-time, date, time, epoch-ms, integer, number, text, differs, equals)',
    ]);
    expect(at({ n: { type: 'number', mx: 2 } })).toEqual(['"expect.kinds.n.mx" is not a key of a number kind (type, min, max)']);
    expect(at({ a: { type: 'equals' } })).toEqual(['"expect.kinds.a.capture" is missing']);
    expect(checkIssues({ title: 't', steps: [{ socket: 'a', expect: { id: 1 }, kinds: { 'result.id': { type: 'text' } } }] })).toEqual([]);
  });

  it('each proposed for a value of its form, with the exact test it runs, and each failing the wrong value', () => {
    const ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const cases: [JsonValue, ValueKind, JsonValue[]][] = [
      [ulid, { type: 'ulid' }, ['x', '01ARZ3NDEKTSV4RRFFQ69G5FA', '81ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAU']],
      [sha256, { type: 'hex', length: 64 }, ['x', sha256.slice(1), `${sha256.slice(1)}g`]],
      ['14:05:07', { type: 'time' }, ['x', '24:00', '14:60', '13:05 PM']],
      ['2:05:07 PM', { type: 'time' }, ['x', '0:05 AM']],
      ['2026-11-26', { type: 'date' }, ['x', '2026-02-30', '2026-11-26T00:00:00Z']],
      [1764128400000, { type: 'epoch-ms' }, ['x', 1764128400, 1764128400000.5, 5_000_000_000_000]],
      ['2b1e3f0c-8f0d-4c55-9a8e-2f0b5d1c3a7e', { type: 'uuid' }, ['x', ulid]],
    ];
    for (const [value, kind, wrong] of cases) {
      expect(proposeKind(value), JSON.stringify(value)).toEqual(kind);
      expect(matchKinds({ v: kind }, { v: value }, { captured: {} }), JSON.stringify(value)).toEqual([]);
      for (const bad of wrong)
        expect(matchKinds({ v: kind }, { v: bad }, { captured: {} }), `${JSON.stringify(bad)} as ${kind.type}`).toHaveLength(1);
    }
    expect(kindTest({ type: 'ulid' })).toBe('a string matching /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i (26 characters of Crockford base 32)');
    expect(kindTest({ type: 'hex', length: 64 })).toBe('a string matching /^[0-9a-f]{64}$/i');
    expect(kindTest({ type: 'integer', min: 1, max: 6 })).toBe('a whole number, ≥ 1 and ≤ 6');
  });

  it('propose a range for a dice roll the runs saw whole, and fail a roll outside it; none for a range seen with gaps', () => {
    const dice = proposeKind(3, [1, 2, 3, 4, 5, 6, 2, 5]);
    expect(dice).toEqual({ type: 'integer', min: 1, max: 6 });
    for (const bad of [0, 7, 3.5]) expect(matchKinds({ roll: dice! }, { roll: bad }, { captured: {} }), String(bad)).toHaveLength(1);
    expect(proposeKind(3, [1, 2, 5, 6])).toEqual({ type: 'integer' });
    expect(proposeKind(42, [17, 99, 3])).toEqual({ type: 'integer' });
  });

  it('fail a solution that gives the same UUID on every create, with "changes on every create"', async () => {
    const fixed = new App();
    fixed.post('/notes', () => ({ id: '2b1e3f0c-8f0d-4c55-9a8e-2f0b5d1c3a7e', text: 'Milk' }));
    const recorded = await app.fetch(new Request('http://localhost:3000/notes', { method: 'POST' }));
    const check = recordCheck(
      { kind: 'http', request: { method: 'POST', path: '/notes' }, response: { status: 200, headers: {}, body: await recorded.text() } },
      { title: 'a new note', match: { kind: 'json', keep: ['text'] }, kinds: { id: { type: 'uuid' } }, fresh: ['id'] },
    );
    expect(check).toMatchObject({
      steps: [
        { capture: { id: 'id' } },
        { request: { method: 'POST', path: '/notes' }, expect: { kinds: { id: { type: 'differs', capture: 'id' } } } },
      ],
    });
    const [right] = await run([check]);
    expect(failures(right)).toEqual([]);
    const [same] = await runChecks([check], {
      origin: 'http://localhost:3000',
      fetch: (input, init) => fixed.fetch(new Request(input, init)),
    });
    expect(failures(same)).toEqual([
      'Expected json.id to be different from the value captured as "id", but it is "2b1e3f0c-8f0d-4c55-9a8e-2f0b5d1c3a7e" again, the value captured as "id".',
    ]);
    expect(checkTests(check).filter((t) => t.step === 2)).toEqual([
      { step: 2, place: 'status', test: 'equal to 200' },
      { step: 2, place: 'json.id', test: 'not equal to the value captured as "id" (captured in step 1)' },
    ]);
  });
});
