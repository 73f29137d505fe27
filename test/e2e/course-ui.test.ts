/**
 * The course as a learner uses it, in Chromium at 1440×900 through the real service worker: a fragment of
 * a lesson offers "Insert at cursor" and "Copy" only, a whole program's "Put in editor" says first that it
 * replaces main.ts; lessons 20 and 21 set the request panel up as their text asks (the lesson's WebSocket
 * message, its GraphQL body); the request/response split gives the room to the mode in use (≥ 10 WebSocket
 * log lines, the whole GraphQL variables box); the checks leave the learner's data as they found it (an
 * in-memory lesson, and lesson 19's PGlite across a reload); one Send that answers 500 is one console entry.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { settledChecks } from './harness/course-page.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { replaceCode, send, waitForEditorText, waitForProgram } from './share-page.ts';

const { findLesson } = builtCourse;

let session: PlaygroundSession;
let page: Page;

const article = () => page.getByRole('article', { name: /^Lesson \d+: / });
const request = () => page.getByRole('region', { name: 'Request' });
const connection = (name: string) => page.getByRole('region', { name: `Connection ${name}` });
const log = (name: string) => page.getByRole('list', { name: `Log of ${name}` });
const responseText = async () => (await page.getByRole('region', { name: 'Response' }).getByRole('tabpanel').textContent()) ?? '';
/** The GraphQL query editor's text (Monaco shows spaces as no-break spaces). */
const graphqlQuery = async () => ((await page.getByTestId('graphql-query').textContent()) ?? '').replace(/\u00a0/g, ' ');

/** Opens lesson `id` and waits for its starter to run; returns the running bundle's id. */
async function openLesson(id: string): Promise<string> {
  await page.goto(new URL(`index.html?lesson=${id}`, session.server.url).href);
  await article().waitFor(FIRST);
  return waitForProgram(page, '', FIRST.timeout);
}

/**
 * Pastes lesson `id`'s solution over its code and waits until it runs and its checks have all passed, each wait
 * bounded by `timeout` ms.
 */
async function useSolution(id: string, running: string, timeout = FIRST.timeout): Promise<void> {
  const lesson = findLesson(id)!;
  await replaceCode(page, lesson.solution['main.ts']);
  await waitForProgram(page, running, timeout);
  expect(await settledChecks(page, lesson.checks.length, timeout)).toEqual({ passed: lesson.checks.length, failed: 0 });
}

/**
 * Lesson 19's bound: its program opens PGlite, and each round of its checks starts a copy that opens it twice (the
 * start and the restart step). A first open took 60–95 s at a load of 12–25 on two cores, on main's build as on this one.
 */
const DATABASE = { timeout: FIRST.timeout * 3 };

/** Sets the request panel's method and path. */
async function setRequest(method: string, path: string): Promise<void> {
  await page.getByLabel('Method').selectOption(method);
  await page.getByLabel('Path and query').fill(path);
}

/** How many entries of `list` are wholly in view, inside the list's own box and the window. */
function entriesInView(list: string): Promise<number> {
  return page.evaluate((label) => {
    const element = document.querySelector(`[aria-label="${label}"]`)!;
    const box = element.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return [...element.querySelectorAll('li')].filter((li) => {
      const line = li.getBoundingClientRect();
      return line.top >= box.top - 0.5 && line.bottom <= bottom + 0.5;
    }).length;
  }, list);
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: 'index.html?lesson=02-routes-and-methods' });
  page = session.page;
  await page.setViewportSize({ width: 1440, height: 900 });
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await waitForProgram(page, '', FIRST.timeout);
});
afterAll(async () => {
  await session?.close();
});

test('a fragment offers "Insert at cursor" and "Copy" only; Copy puts the block on the clipboard', async () => {
  const blocks = article().locator('pre[data-language=ts]');
  await blocks.first().waitFor(WAIT);
  const fragments = await blocks.count();
  expect(fragments).toBeGreaterThan(0);
  expect(await article().getByRole('button', { name: 'Put in editor' }).count()).toBe(0);
  expect(await article().getByRole('button', { name: 'Insert at cursor' }).count()).toBe(fragments);
  const copy = article().getByRole('button', { name: 'Copy', exact: true }).first();
  await copy.click();
  await article().getByRole('button', { name: 'Copied', exact: true }).waitFor(WAIT);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await blocks.first().textContent());
});

test('lesson 20: "Put in editor" on its whole program asks, naming main.ts; the WebSocket message calls the lesson\'s service', async () => {
  const starter = await openLesson('20-real-time-events');
  await article().getByRole('button', { name: 'Put in editor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Put this code in the editor?' });
  await dialog.waitFor(WAIT);
  expect(await dialog.textContent()).toContain('It replaces all of main.ts with this code.');
  await dialog.getByRole('button', { name: 'Replace the code' }).click();
  await waitForEditorText(page, 'websocket(app);');
  // The replaced program listens: it is a whole one.
  const example = await waitForProgram(page, starter);
  await useSolution('20-real-time-events', example);

  // As the text says: pick WebSocket, connect A and B, send A's message as it is.
  await request().getByRole('radio', { name: 'WebSocket' }).check();
  const message = await page.getByLabel('Message for A').inputValue();
  expect(JSON.parse(message)).toMatchObject({ call: 'messages.create' });
  for (const name of ['A', 'B']) {
    await connection(name).getByRole('button', { name: 'Connect' }).click();
    await expect.poll(() => page.getByLabel(`Connection ${name} status`).textContent(), WAIT).toBe('open');
  }
  await connection('A').getByRole('button', { name: 'Send on A' }).click();
  await expect.poll(() => log('A').textContent(), WAIT).toMatch(/"id":1,"result":\{/);
  await expect.poll(() => log('B').textContent(), WAIT).toContain('"event":"messages created"');
  expect(await log('A').textContent()).not.toContain('"error"');

  // The room goes to the log: at 1440×900 ten lines and more are in view at once.
  for (let i = 0; i < 8; i += 1) await connection('A').getByRole('button', { name: 'Send on A' }).click();
  await expect.poll(() => log('A').locator('li').count(), WAIT).toBeGreaterThanOrEqual(18);
  const inView = await entriesInView('Log of A');
  console.log(`WebSocket log lines in view at 1440×900: ${inView}`);
  expect(inView).toBeGreaterThanOrEqual(10);
  await page.screenshot({ path: 'test/.artifacts/course-ui-websocket.png' });
  await request().getByRole('radio', { name: 'HTTP' }).check();
}, 180_000);

test("lesson 21: the GraphQL body holds the lesson's mutation, fully in view; the text's request selects it", async () => {
  const starter = await openLesson('21-graphql-over-services');
  await useSolution('21-graphql-over-services', starter);
  // As the text says: POST /graphql, then the GraphQL body.
  await setRequest('POST', '/graphql');
  await request().getByRole('tab', { name: 'Body' }).click();
  await request().getByRole('radio', { name: 'GraphQL' }).check();
  await expect.poll(graphqlQuery, WAIT).toContain('booksCreate(data: $book)');
  const variables = request().getByLabel('Variables (JSON)');
  expect(JSON.parse(await variables.inputValue())).toMatchObject({ book: { title: expect.any(String) } });
  // The whole variables box is in view in the request pane.
  const fits = await variables.evaluate((box) => {
    const own = box.getBoundingClientRect();
    for (let node = box.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (!['auto', 'scroll', 'hidden'].includes(style.overflowY)) continue;
      const frame = node.getBoundingClientRect();
      if (own.top < frame.top - 0.5 || own.bottom > frame.bottom + 0.5) return false;
    }
    return own.bottom <= window.innerHeight;
  });
  expect(fits).toBe(true);
  const room = await request().evaluate(
    (pane, box) => pane.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom,
    await variables.elementHandle(),
  );
  console.log(`GraphQL variables box at 1440×900: ${Math.round(room)} px of the request pane to spare below it`);
  const answer = await send(page);
  expect(answer.status).toBe('200 OK');
  expect(answer.body).toContain('booksCreate');

  // The text's own request: its Send picks the GraphQL body too.
  await setRequest('GET', '/books');
  await article().getByRole('button', { name: 'Send POST /graphql' }).click();
  await expect.poll(() => request().getByRole('radio', { name: 'GraphQL' }).isChecked(), WAIT).toBe(true);
  await expect.poll(graphqlQuery, WAIT).toContain('{ books }');
  // The mutation's answer is still shown until this one arrives: wait for this answer, not for any 200.
  await expect.poll(responseText, ANSWER).toContain('"books"');
  expect(await page.getByTestId('response-status').textContent()).toBe('200 OK');
}, 180_000);

test('the checks of an in-memory lesson leave none of their records behind', async () => {
  const starter = await openLesson('08-services');
  await useSolution('08-services', starter);
  await setRequest('GET', '/todos');
  const answer = await send(page);
  expect(answer.status).toBe('200 OK');
  // The checks created todos ("Buy milk"), but in their own copy of the program.
  expect(answer.body).toContain('Array(0)');
}, 180_000);

test("lesson 19's database holds only the learner's records, after the checks and after a reload", async () => {
  const starter = await openLesson('19-persisting-data');
  await useSolution('19-persisting-data', starter, DATABASE.timeout);
  await setRequest('GET', '/todos');
  expect((await send(page)).body).toContain('Array(0)');
  await setRequest('POST', '/todos');
  await request().getByRole('tab', { name: 'Body' }).click();
  await request().getByRole('radio', { name: 'JSON' }).check();
  await request().getByLabel('JSON body').fill('{ "text": "Mine" }');
  expect((await send(page)).status).toBe('201 Created');

  // A reload runs the program and its checks again: the database still holds the learner's one record.
  await page.reload();
  await waitForProgram(page, '', DATABASE.timeout);
  const lesson = findLesson('19-persisting-data')!;
  expect(await settledChecks(page, lesson.checks.length, DATABASE.timeout)).toEqual({ passed: lesson.checks.length, failed: 0 });
  await setRequest('GET', '/todos');
  const answer = await send(page);
  expect(answer.body).toContain('Array(1)');
  expect(answer.body).toContain('"Mine"');
}, 900_000);

test("one Send that answers 500 shows one console entry for it, whatever the lesson's checks sent to the same route", async () => {
  const starter = await openLesson('05-errors');
  // Lesson 5's checks post to /greet several times: each of their 500s would read as the learner's.
  const program = [
    "import { App, AppHttp } from 'halo';",
    'const app = new App();',
    "app.post('/greet', () => { throw new Error('kaboom-500'); });",
    "app.get('/mark', () => { console.log('marker-after-boom'); return 'ok'; });",
    "await new AppHttp(app).startServer('localhost', 3000);",
  ].join('\n');
  await replaceCode(page, program);
  await waitForProgram(page, starter, FIRST.timeout);
  const checks = findLesson('05-errors')!.checks.length;
  expect((await settledChecks(page, checks)).failed).toBeGreaterThan(1);
  const consoleText = async () => (await page.getByRole('list', { name: 'Console output' }).textContent()) ?? '';
  await setRequest('POST', '/greet');
  expect((await send(page)).status).toBe('500 Internal Server Error');
  // A later line marks that everything the Send caused has reached the console.
  await setRequest('GET', '/mark');
  expect((await send(page)).status).toBe('200 OK');
  await expect.poll(consoleText, WAIT).toContain('marker-after-boom');
  const entries = await page.getByRole('list', { name: 'Console output' }).locator('li').allTextContents();
  expect(entries.filter((text) => text.includes('kaboom-500'))).toHaveLength(1);
  expect((await consoleText()).split('POST /greet failed with 500')).toHaveLength(2);
}, 180_000);
