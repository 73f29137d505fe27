/**
 * A class in real Chromium against the real class server (`npm run classroom`'s command in a child process,
 * on 127.0.0.1, a free port, serving the production build): the teacher opens the dashboard, three learners
 * join with the code, two share and one does not; their checks run; the dashboard shows exactly the two,
 * live, and who is stuck; one shows their code; one stops sharing and disappears; the CSV matches the
 * dashboard; a learner's page cannot read another learner's results or the dashboard without the key,
 * over HTTP or WebSocket; and the teacher's rename reaches the learner's own page.
 */
import { readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testChromium } from './harness/browser.ts';
import { startClass, type RunningClass } from './harness/class-server.ts';
import { REPO_ROOT } from './harness/paths.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { replaceCode, waitForProgram } from './share-page.ts';

let browser: Browser;
let open: RunningClass;
const contexts: BrowserContext[] = [];
let dashboard: Page;
const learners: Record<'ann' | 'bob' | 'cy', Page> = {} as never;
/** A name with markup: the dashboard must show it as text. */
const BOB = '<img src=x onerror="window.hacked=1">Bob';

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  context.setDefaultNavigationTimeout(FIRST.timeout);
  contexts.push(context);
  return context.newPage();
}

/** Opens the join address, and joins with the class code and `name`. */
async function join(name: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${open.joinUrl}&lesson=01-getting-started`);
  await waitForProgram(page, '', FIRST.timeout);
  const panel = page.getByRole('region', { name: 'Class' });
  await panel.getByLabel('Class code').fill(open.code.toLowerCase());
  await panel.getByLabel('Your name').fill(name);
  await panel.getByRole('button', { name: 'Join the class' }).click();
  await panel.getByText('Sharing is off: nothing is sent.').waitFor(WAIT);
  return page;
}

async function share(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: 'Class' });
  await panel.getByRole('button', { name: 'Share my check results with the teacher' }).click();
  await panel.getByText('Sharing is on').waitFor(WAIT);
}

/** The dashboard's grid as the teacher sees it: learner name → cell states (`pass`, `fail`, `''`). */
function grid(): Promise<Record<string, string[]>> {
  return dashboard.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[role=row][data-learner]')].map((row) => [
        row.querySelector('[role=rowheader]')!.textContent,
        [...row.querySelectorAll('[role=gridcell][data-check]')].map((cell) => cell.getAttribute('data-state') ?? ''),
      ]),
    ),
  );
}

/** The fields of one CSV line (quoted fields unquoted). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]));
}

/** What the learner's browser stored of the class (its own id and secret). */
function membershipOf(page: Page): Promise<{ code: string; name: string; learnerId: string | null; secret: string }> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('halo.classroom.v1') ?? 'null') as { joined: never }).joined);
}

beforeAll(async () => {
  open = await startClass(['--stuck-minutes', '0.05']);
  browser = await testChromium();
  dashboard = await newPage();
  await dashboard.goto(open.dashboardUrl);
  await dashboard.getByTestId('class-code').getByText(open.code).waitFor(FIRST);
  // The overview is the default view: these tests read the first lesson's learners × checks.
  await dashboard.getByRole('combobox', { name: /^Lesson/ }).selectOption('01-getting-started');
  learners.ann = await join('Ann');
  learners.bob = await join(BOB);
  learners.cy = await join('Cy');
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  open?.server.kill('SIGINT');
});

test('the join address, the code and the key come from the terminal; the dashboard shows the code and the QR code', async () => {
  expect(open.joinUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?class$/);
  expect(open.output()).toMatch(/[▀▄█]/);
  await expect.poll(() => dashboard.getByRole('img', { name: `QR code of ${open.joinUrl}` }).count()).toBe(1);
});

test('the dashboard shows exactly the two learners who share, live, with their check results and who is stuck', async () => {
  await share(learners.ann);
  await share(learners.bob);
  // The starter of lesson 1 fails its task check and passes its observe check.
  await expect.poll(grid, ANSWER).toEqual({ Ann: ['fail', 'pass'], [BOB]: ['fail', 'pass'] });
  await expect
    .poll(() => dashboard.locator('[role=row][data-learner="Ann"] [data-stuck]').textContent(), ANSWER)
    .toMatch(/^stuck on #1 GET \/ answers Hello, world! \(for \d+ s\)$/);
  // Ann solves it: the dashboard follows without a reload.
  const before = await waitForProgram(learners.ann);
  await replaceCode(
    learners.ann,
    readFileSync(joinPath(REPO_ROOT, 'lessons/01-getting-started/solution.ts'), 'utf8'),
    "import { App, AppHttp } from 'halo';",
  );
  await waitForProgram(learners.ann, before);
  await expect.poll(grid, ANSWER).toEqual({ Ann: ['pass', 'pass'], [BOB]: ['fail', 'pass'] });
  await expect.poll(() => dashboard.locator('[role=row][data-learner="Ann"] [data-stuck]').textContent()).toBe('');
  // Markup in a name is text: no element was made of it.
  expect(await dashboard.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  expect(await dashboard.locator('[role=grid] img').count()).toBe(0);
});

test('a learner shows their code: the teacher reads it with the last failing check, expected vs got', async () => {
  await learners.bob.getByRole('button', { name: /Show my code to the teacher/ }).click();
  await dashboard.getByRole('button', { name: 'Code (01-getting-started)' }).click();
  const view = dashboard.getByRole('region', { name: `Code of ${BOB}` });
  await view.getByText('Last failing check: #1 GET / answers Hello, world!').waitFor(WAIT);
  expect(await view.locator('pre').first().textContent()).toContain('"body":"Hello, world!"');
  expect(await view.locator('figure pre').textContent()).toContain("from 'halo'");
});

test('the CSV export matches the dashboard', async () => {
  const shown = await grid();
  const [download] = await Promise.all([dashboard.waitForEvent('download'), dashboard.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n')
    .map(csvFields);
  const columns = csv[0];
  const lesson = [
    columns.indexOf('01-getting-started #1 GET / answers Hello, world!'),
    columns.findIndex((c) => c.startsWith('01-getting-started #2')),
  ];
  expect(lesson.every((index) => index > 0)).toBe(true);
  const rows = Object.fromEntries(csv.slice(1).map((cells) => [cells[0], lesson.map((index) => cells[index])]));
  expect(rows).toEqual(shown);
});

test('a learner reads only their own results, and nothing of the dashboard, over HTTP and WebSocket', async () => {
  const bob = await membershipOf(learners.bob);
  const ann = await membershipOf(learners.ann);
  expect(bob.learnerId).not.toBeNull();
  const probe = await learners.bob.evaluate(
    async ({ bob, annId }) => {
      const headers = { 'x-class-code': bob.code, 'x-learner-id': bob.learnerId!, 'x-learner-secret': bob.secret };
      const own = (await (await fetch('/api/results', { headers })).json()) as { learnerId: string }[];
      const other = await fetch(`/api/results/${annId}:01-getting-started:0`, { headers });
      const asAnn = await fetch('/api/results', { headers: { ...headers, 'x-learner-id': annId } });
      const classInfo = await fetch('/api/classes', { headers });
      const csv = await fetch('/api/export.csv', { headers });
      const socket = new WebSocket(`ws://${location.host}/api/ws?code=${bob.code}&learner=${bob.learnerId}&secret=${bob.secret}`);
      const replies: Record<number, { result?: { learnerId: string }[]; error?: { status_code: number } }> = {};
      await new Promise<void>((resolve) => {
        socket.onopen = () => {
          socket.send(JSON.stringify({ id: 1, call: 'api/results.index' }));
          socket.send(JSON.stringify({ id: 2, call: 'api/classes.index' }));
          socket.send(JSON.stringify({ id: 3, call: 'api/learners.index' }));
        };
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { id?: number };
          if (message.id) replies[message.id] = message as never;
          if (Object.keys(replies).length === 3) resolve();
        };
      });
      socket.close();
      const keyless = new WebSocket(`ws://${location.host}/api/ws?code=${bob.code}&learner=${annId}&secret=${bob.secret}`);
      const refused = await new Promise<number>((resolve) => (keyless.onclose = (event) => resolve(event.code)));
      return {
        own: own.map((r) => r.learnerId),
        other: other.status,
        asAnn: asAnn.status,
        classInfo: classInfo.status,
        csv: csv.status,
        socketResults: replies[1].result?.map((r) => r.learnerId),
        socketClass: replies[2].error?.status_code,
        socketLearners: (replies[3].result as unknown as { id: string }[]).map((l) => l.id),
        refused,
      };
    },
    { bob, annId: ann.learnerId! },
  );
  expect(probe).toEqual({
    own: [bob.learnerId, bob.learnerId],
    other: 403,
    asAnn: 403,
    classInfo: 403,
    csv: 403,
    socketResults: [bob.learnerId, bob.learnerId],
    socketClass: 403,
    socketLearners: [bob.learnerId],
    refused: 4403,
  });
  // The dashboard page in a learner's browser: without the key it asks for one; a guessed key is refused.
  const cy = learners.cy;
  await cy.goto(open.dashboardUrl.replace(/#key=.*/, ''));
  await cy.getByLabel('Teacher key').waitFor(WAIT);
  await cy.goto(open.dashboardUrl.replace(/#key=.*/, '#key=guessed'));
  await cy
    .getByRole('alert')
    .getByText(/refused this key/)
    .waitFor(WAIT);
  // Cy never shared: the dashboard never had them, and no learner page ever got the teacher key.
  expect(Object.keys(await grid())).not.toContain('Cy');
  for (const page of [learners.ann, learners.bob]) expect(await page.content()).not.toContain(open.teacherKey);
});

test('a learner who stops sharing leaves the dashboard with everything they sent', async () => {
  await learners.ann.getByRole('region', { name: 'Class' }).getByRole('button', { name: 'Stop sharing' }).click();
  await learners.ann.getByText('Sharing is off: nothing is sent.').waitFor(WAIT);
  await expect.poll(grid, ANSWER).toEqual({ [BOB]: ['fail', 'pass'] });
  expect(await dashboard.getByRole('status').first().textContent()).toContain('Live · 1 of 300 learners sharing');
});

test("the teacher's rename reaches the learner's own page, and what it keeps", async () => {
  const bob = await membershipOf(learners.bob);
  const renamed = await fetch(`${new URL(open.joinUrl).origin}/api/learners/${bob.learnerId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-class-key': open.teacherKey },
    body: JSON.stringify({ name: 'Robert' }),
  });
  expect(renamed.status).toBe(200);
  const panel = learners.bob.getByRole('region', { name: 'Class' });
  await panel.getByText('Robert', { exact: true }).waitFor(WAIT);
  // Kept as the page's own name too: a reload, or a new class after a restart, carries it.
  expect((await membershipOf(learners.bob)).name).toBe('Robert');
  await expect.poll(grid, ANSWER).toEqual({ Robert: ['fail', 'pass'] });
});
