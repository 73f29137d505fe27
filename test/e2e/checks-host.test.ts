/**
 * The lesson checks' copy of the program runs on a host of its own (issue 23 follow-up), in real Chromium through
 * the built site: the learner's program keeps running and answering, with its data, while a round's copy is held
 * inside a request (a route that waits until the test releases it); the copy starts fresh, its requests and
 * WebSockets reach only it, and nothing of it reaches the learner's console or state. In the playground's page,
 * a Send made during a round (one held by a WebSocket step that waits for a message that never comes) is
 * answered by the learner's program while the round still runs, and in the next round with the record the learner
 * made in the round before, which the round's copy does not have.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { send, waitForProgram } from './share-page.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';

const ORIGIN = 'http://localhost:3000';
const STARTED = 'notes program started';

/** Notes in memory, a route held until `/release`, the request's headers, and the WebSocket provider over a MapService. */
const PROGRAM = `import { App, AppHttp, MapService, websocket } from 'halo';

const app = new App();
const notes: string[] = [];
let release = () => {};
const released = new Promise<void>((resolve) => (release = resolve));

app.get('/notes', (req, res) => {
  res.json(notes);
});

app.post('/notes', async (req, res) => {
  await req.parseBody();
  notes.push(String(req.bodyAsMap.text));
  res.statusCode = 201;
  res.json(notes);
});

app.get('/slow', async (req, res) => {
  await released;
  res.json({ slow: 'done', notes });
});

app.post('/release', (req, res) => {
  release();
  res.write('released');
});

app.get('/headers', (req, res) => {
  res.json(req.headers);
});

app.use('/items', new MapService());
websocket(app);

console.log('${STARTED}');
await new AppHttp(app).startServer('localhost', 3000);
`;

describe('the checks’ own host, on the engine', { timeout: 180_000 }, () => {
  let session: PlaygroundSession;

  beforeAll(async () => {
    // The held request must meet the test's release, not the kill switch.
    session = await PlaygroundSession.open({ requestTimeoutMs: 60_000 });
  }, FIRST.timeout * 2);
  afterAll(async () => {
    await session?.close();
  });

  test('the learner’s program answers with its data while the checks’ copy is held in a request; the copy is fresh and apart', async () => {
    const { page } = session;
    expect(await session.run({ 'main.ts': PROGRAM })).toMatchObject({ status: 'running', origins: [ORIGIN] });
    const created = await session.fetch(`${ORIGIN}/notes`, { method: 'POST', body: { json: { text: 'mine' } } });
    expect(created.status, created.body).toBe(201);
    const statesBefore = await page.evaluate(() => window.__halo.states.length);

    // The checks' copy starts beside the learner's program: the learner's state is not touched.
    expect(await session.run({ 'main.ts': PROGRAM }, 'round-1', true)).toMatchObject({ status: 'running', origins: [ORIGIN] });
    expect(await session.state()).toMatchObject({ status: 'running', origins: [ORIGIN] });
    expect(await page.evaluate(() => window.__halo.states.length)).toBe(statesBefore);

    // A check's request, held by the copy until the release below.
    await page.evaluate((origin) => {
      const held = { done: false, body: Promise.resolve('') };
      held.body = window.__halo.engine.fetchForChecks(`${origin}/slow`).then((response) => {
        held.done = true;
        return response.text();
      });
      Object.assign(window, { __held: held });
    }, ORIGIN);
    // Meanwhile the learner's requests reach the learner's program, with its record.
    const mine = await session.fetch(`${ORIGIN}/notes`);
    expect(mine.status).toBe(200);
    expect(JSON.parse(mine.body)).toEqual(['mine']);
    expect(await page.evaluate(() => (window as unknown as { __held: { done: boolean } }).__held.done)).toBe(false);

    // Released: the held check gets its answer from the copy, which never saw the learner's record.
    expect((await session.fetch(`${ORIGIN}/release`, { method: 'POST' }, true)).body).toBe('released');
    const slow = await page.evaluate(() => (window as unknown as { __held: { body: Promise<string> } }).__held.body);
    expect(JSON.parse(slow)).toEqual({ slow: 'done', notes: [] });
    // The release reached the copy only: the learner's /slow is still held (its kill switch is a minute away).
    expect(JSON.parse((await session.fetch(`${ORIGIN}/notes`)).body)).toEqual(['mine']);

    // The program sees the same request either way: its host and origin, what the page's fetch sends.
    const throughPage = JSON.parse((await session.fetch(`${ORIGIN}/headers`)).body) as Record<string, string[]>;
    const forChecks = JSON.parse((await session.fetch(`${ORIGIN}/headers`, {}, true)).body) as Record<string, string[]>;
    expect(forChecks).toEqual(throughPage);

    // Only the learner's program wrote to the console the learner sees.
    const started = (await session.consoleEntries()).filter((entry) => entry.text === STARTED);
    expect(started).toHaveLength(1);

    // Stopped (a round ended): the copy answers nothing more; the learner's program still does.
    await page.evaluate(() => window.__halo.engine.stopChecks());
    expect((await session.fetch(`${ORIGIN}/notes`, {}, true)).status).toBe(503);
    expect(JSON.parse((await session.fetch(`${ORIGIN}/notes`)).body)).toEqual(['mine']);
    expect(await session.state()).toMatchObject({ status: 'running', origins: [ORIGIN] });
  });

  test('the checks’ WebSockets reach the copy and only it', async () => {
    const { page } = session;
    await session.run({ 'main.ts': PROGRAM });
    await session.run({ 'main.ts': PROGRAM }, 'round-2', true);
    const replies = await page.evaluate(async (origin) => {
      /** Opens `socket`, sends one call and resolves with its reply (events of other calls may come first). */
      const call = (socket: WebSocket, message: { id: number; call: string; data?: object }): Promise<unknown> =>
        new Promise((resolve, reject) => {
          socket.addEventListener('message', (event) => {
            const reply = JSON.parse(String(event.data)) as { id?: number };
            if (reply.id === message.id) resolve(reply);
          });
          socket.addEventListener('close', (event) => reject(new Error(`closed ${event.code} ${event.reason}`)), { once: true });
          socket.addEventListener('open', () => socket.send(JSON.stringify(message)), { once: true });
        });
      const url = `${origin.replace('http', 'ws')}/ws`;
      const learners = new WebSocket(url);
      const created = await call(learners, { id: 1, call: 'items.create', data: { text: 'the learner’s item' } });
      const checks = new window.__halo.engine.ChecksWebSocket(url);
      const checksSees = await call(checks, { id: 2, call: 'items.index' });
      checks.close();
      const learnerSees = await call(new WebSocket(url), { id: 3, call: 'items.index' });
      learners.close();
      return { created, checksSees, learnerSees };
    }, ORIGIN);
    expect(replies.created).toMatchObject({ id: 1, result: { text: 'the learner’s item' } });
    expect(replies.checksSees).toEqual({ id: 2, result: [] });
    expect(replies.learnerSees).toMatchObject({ id: 3, result: [{ text: 'the learner’s item' }] });

    // With the copy stopped, a checks' socket is refused before it opens, as a page socket with no program is.
    const refused = await page.evaluate(async (origin) => {
      window.__halo.engine.stopChecks();
      const socket = new window.__halo.engine.ChecksWebSocket(`${origin.replace('http', 'ws')}/ws`);
      let opened = false;
      socket.addEventListener('open', () => (opened = true));
      const close = await new Promise<CloseEvent>((resolve) => socket.addEventListener('close', resolve, { once: true }));
      return { opened, code: close.code, reason: close.reason };
    }, ORIGIN);
    expect(refused).toEqual({ opened: false, code: 1013, reason: expect.stringContaining('No program is listening') as string });
  });
});

/** The exercise's checks: the copy starts without the learner's notes; then a WebSocket step waits for a message that never comes. */
const CHECKS: Check[] = [
  { title: 'The copy starts without notes', request: { method: 'GET', path: '/notes' }, expect: { status: 200, body: '[]' } },
  {
    title: 'A reply that never comes',
    // An event nobody publishes: the runner waits its full timeout (a reply to the call would end the step at once).
    steps: [{ socket: 'a', path: '/ws', send: { id: 1, call: 'items.index' }, expect: { event: 'items never' } }],
  },
];

/**
 * Resolves once the checks run (not done) with the first one passed: the round is held in the second. The round's
 * copy is a fresh worker: its start gets what a first start gets on a loaded machine.
 */
async function heldRound(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const list = document.querySelector('[data-testid=lesson-checks]');
      const first = list?.querySelector('[data-check-status]');
      return list?.getAttribute('data-state') === 'running' && first?.getAttribute('data-check-status') === 'passed';
    },
    undefined,
    { timeout: FIRST.timeout * 2 },
  );
}

/** How many rounds a Send may be tried in: each round holds for the page's check timeout, whatever the load. */
const HELD_ROUNDS = 3;

/**
 * Sends the request while a round is held, and returns its answer once it is known to have come while that round
 * still ran (the round's state is `running` after the answer). The hold is the page's check timeout, a fixed time:
 * on a loaded machine a round may give up before a Send's answer is shown, which proves nothing either way, so the
 * Send is made again in a new round (Run checks). A Send held until a round ends never shows `running` after its
 * answer, and fails. With `freshRound`, the first try is in a new round too.
 */
async function sendWhileHeld(page: Page, { freshRound = false } = {}): Promise<{ status: string; body: string }> {
  for (let round = 1; ; round += 1) {
    if (freshRound || round > 1) {
      await page.waitForFunction(
        () => document.querySelector('[data-testid=lesson-checks]')?.getAttribute('data-state') === 'done',
        undefined,
        ANSWER,
      );
      await page.getByRole('button', { name: 'Run checks' }).click();
    }
    await heldRound(page);
    const answer = await send(page);
    if ((await roundState(page)) === 'running') return answer;
    if (round === HELD_ROUNDS) throw new Error(`In ${HELD_ROUNDS} rounds, no Send's answer came while its round ran.`);
  }
}

/** The text of the learner's console. */
async function consoleText(page: Page): Promise<string> {
  return (await page.getByRole('region', { name: 'Console and problems' }).textContent()) ?? '';
}

/** The state of the checks' list now (`running` while a round is in progress). */
function roundState(page: Page): Promise<string | null> {
  return page.getByTestId('lesson-checks').getAttribute('data-state');
}

describe('a Send during a round, in the playground', { timeout: 600_000 }, () => {
  let session: PlaygroundSession;

  beforeAll(async () => {
    session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  }, FIRST.timeout * 2);
  afterAll(async () => {
    await session?.close();
  });

  test('is answered by the learner’s program, with the record made before the round, while the round is held', async () => {
    const link = shareUrl(
      `${session.server.url}index.html`,
      encodeShare({
        lesson: null,
        files: { 'main.ts': PROGRAM },
        request: { method: 'POST', path: '/notes', headers: [], bodyType: 'json', json: '{ "text": "mine" }' },
        exercise: { title: 'Notes', text: 'Keep notes.', solution: null, checks: CHECKS },
      }),
    );
    const context = await session.browser.newContext();
    try {
      context.setDefaultNavigationTimeout(FIRST.timeout);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(link);
      await page.getByRole('button', { name: 'Run shared code' }).click({ timeout: FIRST.timeout });
      // A fresh context's first compile waits for esbuild's start (a 14 MB wasm compile): 77 s measured at a load
      // of 35 on two cores, while the session's own page ran beside it.
      await waitForProgram(page, '', FIRST.timeout * 2);

      // Round 1 is held in its WebSocket step; the learner creates a record and reads it back meanwhile.
      expect(await sendWhileHeld(page)).toMatchObject({ status: '201 Created' });
      await page.getByLabel('Method').selectOption('GET');
      const listed = await sendWhileHeld(page);
      expect(listed.status).toBe('200 OK');
      expect(listed.body).toContain('mine');

      // The next round's copy starts without the record, and is held again; the learner's program, never
      // restarted by a round, still has it.
      const again = await sendWhileHeld(page, { freshRound: true });
      expect(again.status).toBe('200 OK');
      expect(again.body).toContain('mine');
      // The learner's console shows one start of the program: the checks' copies print nowhere.
      await expect.poll(() => consoleText(page), WAIT).toContain(STARTED);
      expect((await consoleText(page)).split(STARTED)).toHaveLength(2);
    } finally {
      await context.close();
    }
  });
});
