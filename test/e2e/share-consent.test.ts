/**
 * A share link is a stranger's code. In Chromium, through the real service worker of the built site:
 * opening one never saves it over the learner's code and never runs it without "Run shared code";
 * closing the tab and coming back plainly runs the learner's own code; "Back to my code" restores it;
 * a damaged link says so in plain words and leaves the saved code alone, a link past a documented limit names the
 * limit; while the code waits, the status line says so neutrally. Only the click adopts it. A request
 * while the code is held is answered by the playground itself, never by a real server on the learner's machine.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, WAIT } from './harness/wait.ts';
import { replaceCode, send, waitForCodeShown, waitForProgram } from './share-page.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { encodeShare } from '../../web/share/link/share-encode.ts';

const LESSON = '04-bodies';
/** What the stranger's program prints and answers: it must never show up before the click. */
const STRANGER = 'stranger-code-ran-7f3a';
const OWN = 'my-own-program-started';

const own = `import { App, AppHttp } from 'halo';
console.log('${OWN}');
const app = new App();
app.get('/', () => 'mine');
await new AppHttp(app).startServer('localhost', 3000);
`;

const stranger = `import { App, AppHttp } from 'halo';
console.log('${STRANGER}');
const app = new App();
app.get('/', () => '${STRANGER}');
await new AppHttp(app).startServer('localhost', 3000);
`;

let session: PlaygroundSession;
let link = '';

/** Everything this origin keeps in localStorage, as one string. */
const storage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

/** The learner's saved code of the lesson. */
const savedCode = (page: Page) =>
  page.evaluate(
    (id) => (JSON.parse(localStorage.getItem('halo.workspaces.v1') ?? '{}') as Record<string, Record<string, string>>)[id]?.['main.ts'],
    LESSON,
  );

/** The console pane's text (the programs' console lines). */
const consoleText = async (page: Page) => (await page.getByRole('region', { name: 'Console and problems' }).textContent()) ?? '';

/** A new tab of the same browser (same storage, same service worker) at `url`. */
async function openTab(url: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  return page;
}

/** Opens the share link in a new tab and waits until the held code compiled and its run was refused. */
async function openHeld(): Promise<Page> {
  const page = await openTab(link);
  await page.getByRole('button', { name: 'Run shared code' }).waitFor(WAIT);
  await waitForCodeShown(page, STRANGER);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=compile-status]')?.textContent?.includes('runs only after you click'),
    undefined,
    ANSWER,
  );
  return page;
}

beforeAll(async () => {
  session = await PlaygroundSession.open({ page: `index.html?lesson=${LESSON}` });
  const page = session.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  const first = await waitForProgram(page);
  await replaceCode(page, own);
  await waitForProgram(page, first);
  await page.getByLabel('Method').selectOption('GET');
  await page.getByLabel('Path and query').fill('/');
  expect((await send(page)).body).toContain('mine');
  expect(await savedCode(page)).toBe(own);
  link = shareUrl(
    `${session.server.url}index.html`,
    encodeShare({ lesson: LESSON, files: { 'main.ts': stranger }, request: { method: 'GET', path: '/', headers: [], bodyType: 'none' } }),
  );
  // The learner's first tab is closed: from here on, only the tabs below touch the storage.
  await page.goto('about:blank');
});

afterAll(async () => {
  await session?.close();
});

test('an unclicked share link leaves the saved code in storage and never runs', async () => {
  const page = await openHeld();
  expect(await savedCode(page)).toBe(own);
  expect(await storage(page)).not.toContain(STRANGER);
  // Nothing ran in this tab: no bundle was handed to the engine, no console line of the stranger's.
  expect(await page.getByTestId('compile-status').getAttribute('data-bundle')).toBe('');
  expect(await consoleText(page)).not.toContain(STRANGER);
  // Edits to the shared code are not saved either: only the click makes it the learner's.
  // The editor hands every change to the files store at once (code-editor.tsx), which would save it then.
  await replaceCode(page, stranger.replace("'/'", "'/edited'"), "app.get('/edited'");
  expect(await storage(page)).not.toContain(STRANGER);
  await page.close();
}, 120_000);

test('while the shared code waits for the click, the status line says so neutrally, not as a failure in red', async () => {
  const page = await openHeld();
  const status = page.getByTestId('compile-status');
  expect(await status.getAttribute('data-phase')).toBe('waiting');
  expect(await status.textContent()).toMatch(/^Waiting for your click: Shared code runs only after you click “Run shared code”\.$/);
  expect(await status.textContent()).not.toContain('Could not');
  // The status line's color is the text's own, as for any other state, not the red of an error.
  const color = (selector: string) => page.evaluate((s) => getComputedStyle(document.querySelector(s)!).color, selector);
  expect(await color('[data-testid=compile-status]')).toBe(await color('[data-testid=compile-status] + span'));
  await page.close();
}, 120_000);

test('an intact link past a documented limit names the limit, not damage, and leaves the saved code in place', async () => {
  const request = { method: 'GET' as const, path: '/', headers: [], bodyType: 'none' as const };
  const cases: [Record<string, string>, RegExp][] = [
    [
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i ? `f${i}.ts` : 'main.ts', stranger])),
      /a program has at most 20 files; this one has 21/,
    ],
    [{ 'main.ts': stranger, '../x.ts': '' }, /the file name "\.\.\/x\.ts" is not allowed/],
    [{ 'main.ts': `${stranger}//${'x'.repeat(1_000_000)}` }, /the file main\.ts has 1,000,\d{3} characters; a file has at most 1,000,000/],
  ];
  for (const [files, limit] of cases) {
    const page = await openTab(shareUrl(`${session.server.url}index.html`, encodeShare({ lesson: LESSON, files, request })));
    const alert = page.getByRole('alert').filter({ hasText: 'share link' });
    await alert.waitFor(WAIT);
    const text = (await alert.textContent()) ?? '';
    expect(text).toMatch(/This share link is intact, but its program goes past a limit of the playground/);
    expect(text).toMatch(limit);
    expect(text).not.toMatch(/damaged/);
    await waitForCodeShown(page, OWN);
    expect(await savedCode(page)).toBe(own);
    await page.close();
  }
}, 240_000);

test('a request while the shared code is held gets a 503 from the playground, never a real local server', async () => {
  let hits = 0;
  const real = createServer((_req, res) => {
    hits++;
    res.setHeader('access-control-allow-origin', '*');
    res.end('a real server on the machine answered');
  });
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(real.address() as AddressInfo).port}`;
  const page = await openHeld();
  try {
    expect((await send(page)).status).toBe('503 Service Unavailable');
    const answer = await page.evaluate(async (url) => {
      const response = await fetch(`${url}/probe`);
      return { status: response.status, text: await response.text() };
    }, origin);
    expect(answer).toEqual({ status: 503, text: expect.stringContaining(`No program is listening on ${origin}`) as unknown });
    expect(hits).toBe(0);
    expect(await consoleText(page)).not.toContain(STRANGER);
  } finally {
    await page.close();
    await new Promise((resolve) => real.close(resolve));
  }
}, 120_000);

test('a link pasted into a tab running a program holds it there too: Send answers 503, never the previous program', async () => {
  const page = await openTab(`${session.server.url}index.html`);
  try {
    await waitForProgram(page);
    expect((await send(page)).body).toContain('mine');
    // The same document: only the fragment changes, as when a link is pasted into the address bar.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.evaluate((hash) => (location.hash = hash), new URL(link).hash);
    await page.getByRole('button', { name: 'Run shared code' }).waitFor(WAIT);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const answer = await send(page);
    expect(answer.status).toBe('503 Service Unavailable');
    expect(answer.body).not.toContain('mine');
    expect(await consoleText(page)).not.toContain(STRANGER);
    // Back to my code: the learner's program runs again.
    await page.getByRole('button', { name: 'Back to my code' }).click();
    await waitForProgram(page);
    await expect.poll(async () => (await send(page)).body, WAIT).toContain('mine');
  } finally {
    await page.close();
  }
}, 120_000);

test('closing the tab and visiting plainly opens and runs the learner’s own code', async () => {
  const page = await openTab(`${session.server.url}index.html`);
  await waitForProgram(page);
  await waitForCodeShown(page, OWN);
  expect((await send(page)).body).toContain('mine');
  await expect.poll(() => consoleText(page), WAIT).toContain(OWN);
  expect(await consoleText(page)).not.toContain(STRANGER);
  expect(await page.getByRole('button', { name: 'Run shared code' }).count()).toBe(0);
  await page.close();
}, 120_000);

test('"Back to my code" restores and runs the saved code, and the shared code never runs', async () => {
  const page = await openHeld();
  await page.getByRole('button', { name: 'Back to my code' }).click();
  await waitForCodeShown(page, OWN);
  // The choice is made: the address no longer carries the link, so a reload does not ask again.
  await expect.poll(() => new URL(page.url()).hash, WAIT).toBe('');
  await waitForProgram(page);
  expect((await send(page)).body).toContain('mine');
  expect(await consoleText(page)).not.toContain(STRANGER);
  expect(await savedCode(page)).toBe(own);
  expect(await page.getByRole('region', { name: 'Shared code' }).count()).toBe(0);
  await page.close();
}, 120_000);

test('a damaged link says so in plain words and leaves the saved code in place', async () => {
  const value = link.slice(link.indexOf('#share=') + '#share='.length);
  const cases: [string, RegExp][] = [
    [value.slice(0, value.length - 12), /damaged.*Ask the sender for the link again/], // cut short
    [value.slice(0, 30), /damaged.*Ask the sender for the link again/],
    [`0.${value.slice(2)}`, /damaged/], // never written: not "newer"
    [`-1.${value.slice(2)}`, /damaged/],
    [`7.${value.slice(2)}`, /made by a newer version of the playground/],
  ];
  for (const [index, [broken, expected]] of cases.entries()) {
    const page = await openTab(`${session.server.url}index.html#share=${broken}`);
    const alert = page.getByRole('alert').filter({ hasText: 'share link' });
    await alert.waitFor(WAIT);
    const text = (await alert.textContent()) ?? '';
    expect(text, broken.slice(0, 20)).toMatch(expected);
    expect(text).not.toMatch(/invalid|distance|EOF|atob|encoded|could not be opened|format -?\d/i);
    await waitForCodeShown(page, OWN);
    // Once is enough to see the learner's own code run (the machine is shared).
    if (index === 0) await waitForProgram(page);
    expect(await savedCode(page)).toBe(own);
    await page.close();
  }
}, 240_000);

test('"Run shared code" is the choice: the code runs, is saved, and opens on the next visit', async () => {
  const page = await openHeld();
  await page.getByRole('button', { name: 'Run shared code' }).click();
  await waitForProgram(page);
  expect((await send(page)).body).toContain(STRANGER);
  expect(await savedCode(page)).toBe(stranger);
  await expect.poll(() => new URL(page.url()).hash, WAIT).toBe('');
  await page.reload();
  await waitForCodeShown(page, STRANGER);
  expect(await page.getByRole('button', { name: 'Run shared code' }).count()).toBe(0);
  await page.close();
  const again = await openTab(`${session.server.url}index.html`);
  await waitForProgram(again);
  await waitForCodeShown(again, STRANGER);
  expect(await again.getByRole('button', { name: 'Run shared code' }).count()).toBe(0);
  await again.close();
  // Three page loads, each starting Monaco and a program: 47 s at load 25 on 2 cores.
}, 180_000);
