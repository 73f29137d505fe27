/**
 * The teacher's dashboard in real Chromium against the real class server (`npm run classroom`'s command in a
 * child process): learners share and send results over the server's real HTTP API (as their pages do). The
 * overview (learners × lessons) is the default view; the stuck list names a learner stuck on another lesson
 * with the check's title and for how long; a lesson's grid stays on the lesson the teacher chose while results
 * of other lessons arrive, and across a reload; projector mode shows counts without names (also after a reload); the teacher key
 * leaves the address bar and a reload still works; the teacher renames and removes a learner (after the page's
 * confirm dialog) and locks joining.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ClassInfo } from '../../runtime/classroom/class-protocol.ts';
import { testChromium } from './harness/browser.ts';
import { startClass, type RunningClass } from './harness/class-server.ts';
import { FIRST, WAIT } from './harness/wait.ts';

let browser: Browser;
let open: RunningClass;
let dashboard: Page;
let info: ClassInfo;
const base = () => new URL(open.joinUrl).origin;

/** A learner who shares, as the learner's page does it: their id and the headers that send as them. */
async function share(name: string): Promise<Record<string, string>> {
  const secret = `${name.toLowerCase()}-${'s'.repeat(40)}`;
  const response = await fetch(`${base()}/api/learners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-class-code': open.code },
    body: JSON.stringify({ name, secret }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { 'content-type': 'application/json', 'x-class-code': open.code, 'x-learner-id': id, 'x-learner-secret': secret };
}

async function send(learner: Record<string, string>, lesson: string, check: number, passed: boolean): Promise<void> {
  const response = await fetch(`${base()}/api/results`, {
    method: 'POST',
    headers: learner,
    body: JSON.stringify({ lesson, check, passed }),
  });
  expect(response.status).toBe(201);
}

/** The rows of the table on screen: learner name → each cell's `data-state`. */
function rows(): Promise<Record<string, string[]>> {
  return dashboard.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[role=grid] [role=row][data-learner]')].map((row) => [
        row.getAttribute('data-learner'),
        [...row.querySelectorAll('[role=gridcell][data-state]')].map((cell) => cell.getAttribute('data-state') ?? ''),
      ]),
    ),
  );
}

const [FIRST_LESSON, SECOND_LESSON, THIRD_LESSON] = ['01-getting-started', '02-routes-and-methods', '03-reading-requests'];
let dee: Record<string, string>;
let eve: Record<string, string>;

beforeAll(async () => {
  open = await startClass(['--stuck-minutes', '0.05']);
  info = ((await (await fetch(`${base()}/api/classes`, { headers: { 'x-class-key': open.teacherKey } })).json()) as ClassInfo[])[0];
  browser = await testChromium();
  const context = await browser.newContext();
  context.setDefaultNavigationTimeout(FIRST.timeout);
  dashboard = await context.newPage();
  await dashboard.goto(open.dashboardUrl);
  await dashboard.getByTestId('class-code').getByText(open.code).waitFor(FIRST);
  dee = await share('Dee');
  eve = await share('Eve');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  open?.server.kill('SIGINT');
});

test('the teacher key leaves the address bar at once, and a reload still opens the dashboard', async () => {
  expect(dashboard.url()).not.toContain(open.teacherKey);
  expect(dashboard.url()).not.toContain('#');
  await dashboard.reload();
  await dashboard.getByTestId('class-code').getByText(open.code).waitFor(WAIT);
  expect(dashboard.url()).not.toContain(open.teacherKey);
});

test('the overview (learners × lessons) is the default view, and shows where each learner is', async () => {
  await send(dee, THIRD_LESSON, 0, false);
  for (let check = 0; check < info.lessons[0].checks.length; check++) await send(eve, FIRST_LESSON, check, true);
  await send(eve, SECOND_LESSON, 0, true);
  await dashboard.getByRole('grid', { name: 'Learners × lessons' }).waitFor(WAIT);
  const lessonIndex = (id: string) => info.lessons.findIndex((l) => l.id === id);
  await expect
    .poll(async () => {
      const shown = await rows();
      return {
        dee: shown.Dee?.[lessonIndex(THIRD_LESSON)],
        eve: [shown.Eve?.[lessonIndex(FIRST_LESSON)], shown.Eve?.[lessonIndex(SECOND_LESSON)]],
      };
    }, WAIT)
    .toEqual({ dee: 'stuck', eve: ['done', 'working'] });
});

test("the stuck list names a learner stuck on another lesson, with the check's title and for how long", async () => {
  // Eve's newest results are of the first lesson: Dee, stuck on the third, is still listed.
  await send(eve, FIRST_LESSON, 0, true);
  const stuck = dashboard.getByRole('region', { name: 'Stuck learners' });
  const third = info.lessons.find((l) => l.id === THIRD_LESSON)!;
  const entry = stuck.locator('li[data-learner="Dee"]');
  await entry.waitFor(WAIT);
  expect(await entry.textContent()).toContain(`${third.title}: #1 ${third.checks[0].title}`);
  expect(await entry.locator('[data-stuck-for]').textContent()).toMatch(/^for \d+ s$/);
  expect(await stuck.locator('li').count()).toBe(1);
});

test('a lesson grid is one click away and stays on that lesson while results of others arrive', async () => {
  await dashboard.getByRole('grid', { name: 'Learners × lessons' }).getByRole('button', { name: /^02/ }).click();
  const grid = dashboard.getByRole('grid', { name: `Learners × checks of ${SECOND_LESSON}` });
  await grid.waitFor(WAIT);
  await expect.poll(async () => (await rows()).Eve?.[0]).toBe('pass');
  await send(dee, FIRST_LESSON, 0, false);
  await send(eve, THIRD_LESSON, 0, true);
  // The stuck list follows the new results (Dee is stuck on the first lesson too, soon) while the grid stays.
  await dashboard.getByRole('region', { name: 'Stuck learners' }).locator('li[data-learner="Dee"]').nth(1).waitFor(WAIT);
  expect(await grid.isVisible()).toBe(true);
  expect(await dashboard.getByRole('combobox', { name: /^Lesson/ }).inputValue()).toBe(SECOND_LESSON);
  // A reload keeps the lesson the teacher chose; the overview, once chosen, is kept as well.
  await dashboard.reload();
  await grid.waitFor(WAIT);
  expect(await dashboard.getByRole('combobox', { name: /^Lesson/ }).inputValue()).toBe(SECOND_LESSON);
  await dashboard.getByRole('button', { name: 'Overview' }).click();
  await dashboard.getByRole('grid', { name: 'Learners × lessons' }).waitFor(WAIT);
  await dashboard.reload();
  await dashboard.getByRole('grid', { name: 'Learners × lessons' }).waitFor(WAIT);
});

test('projector mode shows counts and progress without a single name, also after a reload', async () => {
  await dashboard.getByRole('switch', { name: 'Projector (no names)' }).check();
  const progress = dashboard.getByRole('table', { name: 'Class progress by lesson' });
  await progress.waitFor(WAIT);
  await expect.poll(() => progress.locator(`tr[data-row="${THIRD_LESSON}"] [data-count="stuck"]`).textContent(), WAIT).toBe('1');
  expect(await progress.locator(`tr[data-row="${FIRST_LESSON}"] [data-count="done"]`).textContent()).toBe('1');
  const text = async () => (await dashboard.locator('body').innerText()) + (await dashboard.content());
  for (const name of ['Dee', 'Eve']) expect(await text()).not.toContain(name);
  await dashboard.reload();
  await dashboard.getByRole('table', { name: 'Class progress by lesson' }).waitFor(WAIT);
  for (const name of ['Dee', 'Eve']) expect(await text()).not.toContain(name);
  await dashboard.getByRole('switch', { name: 'Projector (no names)' }).uncheck();
  await dashboard.locator('[role=row][data-learner="Dee"]').waitFor(WAIT);
});

test("the teacher renames a learner, and removes one after confirming in the page's dialog", async () => {
  await dashboard.locator('[role=row][data-learner="Eve"]').getByRole('button', { name: 'Eve' }).click();
  const panel = dashboard.getByRole('region', { name: 'Learner Eve' });
  await panel.getByLabel('New name').fill('Evelyn');
  await panel.getByRole('button', { name: 'Rename' }).click();
  await dashboard.locator('[role=row][data-learner="Evelyn"]').waitFor(WAIT);
  await dashboard.getByRole('region', { name: 'Learner Evelyn' }).getByRole('button', { name: 'Close' }).first().click();

  await dashboard.locator('[role=row][data-learner="Dee"]').getByRole('button', { name: 'Dee' }).click();
  const deePanel = dashboard.getByRole('region', { name: 'Learner Dee' });
  await deePanel.getByRole('button', { name: 'Remove from the class' }).click();
  const dialog = dashboard.getByRole('dialog', { name: 'Remove Dee?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  expect(await dashboard.locator('[role=row][data-learner="Dee"]').count()).toBe(1);
  await deePanel.getByRole('button', { name: 'Remove from the class' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await dashboard.locator('[role=row][data-learner="Dee"]').waitFor({ state: 'detached', ...WAIT });
  expect(await dashboard.getByRole('region', { name: 'Stuck learners' }).locator('li[data-learner="Dee"]').count()).toBe(0);
  expect(await dashboard.getByRole('status').first().textContent()).toContain('Live · 1 of 300 learners sharing');
  // Her secret no longer sends anything.
  const refused = await fetch(`${base()}/api/results`, {
    method: 'POST',
    headers: dee,
    body: JSON.stringify({ lesson: FIRST_LESSON, check: 0, passed: true }),
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
});

test('the teacher locks joining: nobody new may share until it is opened again', async () => {
  const lock = dashboard.getByRole('switch', { name: 'Lock joining' });
  // The switch shows the server's state: it turns on once the server says joining is locked.
  await lock.click();
  await dashboard
    .getByRole('status')
    .getByText(/joining locked/)
    .waitFor(WAIT);
  const locked = await fetch(`${base()}/api/learners`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-class-code': open.code },
    body: JSON.stringify({ name: 'Fay', secret: `fay-${'s'.repeat(40)}` }),
  });
  expect(locked.status).toBe(403);
  expect(await lock.isChecked()).toBe(true);
  await lock.click();
  await expect.poll(() => dashboard.getByRole('status').first().textContent(), WAIT).not.toContain('joining locked');
  await share('Fay');
  await dashboard.locator('[role=row][data-learner="Fay"]').waitFor(WAIT);
});
