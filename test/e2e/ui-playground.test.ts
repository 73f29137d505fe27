import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { focusEditor, replaceCode as replaceCodeOnPage, send as sendOnPage, waitForProgram } from './share-page.ts';

const SHOTS = resolve(REPO_ROOT, 'test/.artifacts/ui');
const example = readFileSync(resolve(REPO_ROOT, 'lessons/getting-started/app.ts'), 'utf8');
// The example without its custom error handler (so the default one answers), plus a route that never ends.
const withDefaultHandler = example
  .replace(/const oldErrorHandler[\s\S]*?\n};\n/, '')
  .replace('await new AppHttp', "app.get('/loop', () => {\n  while (true) {}\n});\n\nawait new AppHttp");
const fixedLoop = withDefaultHandler
  .replace('while (true) {}', "res.write('fixed');")
  .replace("app.get('/loop', () =>", "app.get('/loop', (req, res) =>");

let session: PlaygroundSession;
let page: Page;
const requests: Request[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
}

/** Waits until the program built from the current code is running (its bundle id differs from `before`). */
const waitForNewProgram = (before: string) => waitForProgram(page, before);

async function runningBundle(): Promise<string> {
  return (await page.getByTestId('compile-status').getAttribute('data-bundle')) ?? '';
}

// Waits for `startServer`, which every program here has, rather than a first line the old program shares.
const replaceCode = (code: string) => replaceCodeOnPage(page, code, 'startServer');

/** Clicks Send and waits for the exchange to finish; returns the status badge text. */
async function send(): Promise<string> {
  return (await sendOnPage(page)).status;
}

async function responseText(): Promise<string> {
  return (await page.getByLabel('Response body').textContent()) ?? '';
}

async function setRequest(method: string, path: string): Promise<void> {
  await page.getByLabel('Method').selectOption(method);
  await page.getByLabel('Path and query').fill(path);
}

/** The request panel (its tabs share names with the response panel's). */
const requestPanel = () => page.getByRole('region', { name: 'Request' });

async function chooseBody(type: 'None' | 'JSON' | 'Form (urlencoded)' | 'Multipart'): Promise<void> {
  await requestPanel().getByRole('tab', { name: 'Body' }).click();
  await page.getByRole('radio', { name: type }).check();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The free playground (no lesson), which starts from the example program.
  session = await PlaygroundSession.open({ page: 'index.html?lesson=scratch' });
  page = session.page;
  session.context.on('request', (r) => requests.push(r));
  await page.setViewportSize({ width: 1280, height: 720 });
  await waitForNewProgram('');
});

afterAll(async () => {
  await session?.close();
});

// Each test chains edits, compiles and program starts: more than the default minute on a loaded machine.
describe('the playground UI', { timeout: 120_000 }, () => {
  test('loads the example program and answers its three routes', async () => {
    await shot('01-loaded');
    await setRequest('GET', '/');
    // Ctrl/Cmd+Enter sends while focus is in the request panel.
    await page.getByLabel('Path and query').press('ControlOrMeta+Enter');
    await page.getByTestId('response-status').waitFor(ANSWER);
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor(ANSWER);
    expect(await page.getByTestId('response-status').textContent()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, world!');

    await setRequest('GET', '/headers');
    await page.getByRole('button', { name: '+ Add header' }).click();
    await page.getByLabel('Header 2 name').fill('X-Foo');
    await page.getByLabel('Header 2 value').fill('bar');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toContain('x-foo=[bar]');
    await shot('02-headers');

    await setRequest('POST', '/greet');
    await chooseBody('Form (urlencoded)');
    await page.getByLabel('Form field 1 value').fill('Ada');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, Ada!');
  });

  test('POST /greet with JSON and multipart bodies, and the custom 400 text', async () => {
    await chooseBody('JSON');
    await page.getByLabel('JSON body').fill('{ "name": "Grace" }');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, Grace!');

    await chooseBody('Multipart');
    await page.getByLabel('Part 1 value').fill('Linus');
    await page.getByRole('button', { name: '+ Add part' }).click();
    await page.getByLabel('Part 2 kind').selectOption('file');
    await page.getByLabel('Part 2 name').fill('photo');
    await page.getByLabel('Part 2 file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a file') });
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, Linus!');
    await shot('03-multipart');

    await chooseBody('None');
    expect(await send()).toBe('400 Bad Request');
    expect(await responseText()).toBe('Oops! You forgot to include your name.');
  });

  test('typing app. suggests get', async () => {
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\napp.');
    const suggestions = page.locator('.suggest-widget .monaco-list-row');
    await expect.poll(() => suggestions.allTextContents(), FIRST).toContain('get');
    await shot('04-suggest');
    await page.keyboard.press('Escape');
  });

  // A build while typing is held even when the type checker first answers late (a slow machine): it used
  // to accept the learner's new error as the starter's, and the program ran.
  test('the Halo types: a wrong argument is underlined, hovering badRequest shows its signature', async () => {
    const before = await runningBundle();
    await replaceCode(`${example}\napp.get(42, (req, res) => {});\n`);
    // A new type error holds the build back while typing; Ctrl/Cmd+Enter runs it anyway.
    // Held only once the type checker answered: its first answer may come late on a loaded machine.
    await page.locator('[data-testid=compile-status][data-phase=held]').waitFor(FIRST);
    await page.keyboard.press('ControlOrMeta+Enter');
    await waitForNewProgram(before);
    await page.getByRole('tab', { name: /Problems/ }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Problems' }).textContent(), WAIT)
      .toMatch(/number.*not assignable.*string.*types/);
    await page.locator('.monaco-editor .squiggly-error').first().waitFor(WAIT);
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+Home');
    await page.locator('.monaco-editor .view-line span[class^=mtk]', { hasText: 'badRequest' }).first().hover(WAIT);
    await expect.poll(() => page.locator('.monaco-hover').first().textContent(), WAIT).toContain('badRequest(');
    await shot('05-types');
    await page.mouse.move(0, 0);

    // app.get(42, …) throws when the program runs: the console shows the error with a link to the line.
    await page.getByRole('tab', { name: /Console/ }).click();
    const crash = page
      .getByRole('list', { name: 'Console output' })
      .getByRole('button', { name: /^main\.ts:36/ })
      .first();
    await crash.click(WAIT);
    await expect.poll(() => page.locator('.monaco-editor .line-numbers.active-line-number').textContent(), WAIT).toBe('36');
  });

  test('the default handler renders its error page in a sandboxed iframe', async () => {
    const before = await runningBundle();
    await replaceCode(withDefaultHandler);
    await waitForNewProgram(before);
    await setRequest('POST', '/greet');
    await requestPanel()
      .getByRole('tab', { name: /Headers/ })
      .click();
    await page.getByLabel('Accept preset').selectOption({ label: 'browser (text/html)' });
    expect(await send()).toBe('400 Bad Request');
    const frame = page.locator('iframe[title="HTML preview"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect.poll(() => frame.contentFrame().locator('body').textContent(), WAIT).toContain('Missing name.');
    await shot('06-error-page');

    // An API client gets the same error as JSON, shown as a collapsible tree.
    await page.getByLabel('Accept preset').selectOption({ label: 'API (application/json)' });
    expect(await send()).toBe('400 Bad Request');
    const tree = page.getByLabel('JSON body');
    await expect.poll(() => tree.textContent(), WAIT).toMatch(/"status_code": *400/);
    expect(await tree.textContent()).toContain('"Missing name."');
    const first = tree.locator('details').first();
    expect(await first.getAttribute('open')).not.toBeNull();
    await tree.locator('summary').first().click();
    await expect.poll(() => first.getAttribute('open'), WAIT).toBeNull();
  });

  test('a syntax error shows a marker and a problem while the old program still answers', async () => {
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nconst = ;');
    await page.getByTestId('compile-status').filter({ hasText: /error/ }).waitFor(WAIT);
    await page.locator('.monaco-editor .squiggly-error').first().waitFor(WAIT);
    await page.getByRole('tab', { name: /Problems \([1-9]/ }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Problems' }).textContent(), WAIT).toMatch(/main\.ts:\d+/);
    await setRequest('GET', '/');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, world!');
    await shot('07-syntax-error');
    // Choosing a problem moves the cursor to its line.
    await page.getByRole('list', { name: 'Problems' }).getByRole('button').first().click();
    await expect.poll(() => page.locator('.monaco-editor .current-line').count(), WAIT).toBeGreaterThan(0);
  });

  test('an endless loop shows the notice within 7 s, the UI stays responsive, and a fix recovers', async () => {
    await replaceCode(withDefaultHandler);
    await page
      .getByTestId('compile-status')
      .filter({ hasText: /Compiled/ })
      .waitFor(ANSWER);
    await setRequest('GET', '/loop');
    // Timed by the page's clock, from the Send to the notice's render: what the learner waits, without
    // the test's own round trips to the browser (seconds of them on a loaded machine).
    await page.evaluate(() => {
      const times = window as unknown as { sentAt?: number; noticeAt?: number };
      document.addEventListener('submit', () => (times.sentAt = performance.now()), { capture: true, once: true });
      new MutationObserver((_, observer) => {
        if (!document.body.textContent?.includes('Your program did not answer.')) return;
        times.noticeAt = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // While the program spins, the page still answers clicks.
    await requestPanel().getByRole('tab', { name: 'Recent' }).click();
    expect(await requestPanel().getByRole('tab', { name: 'Recent' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Your program did not answer.').waitFor(ANSWER);
    const noticeMs = await page.evaluate(() => {
      const times = window as unknown as { sentAt: number; noticeAt: number };
      return times.noticeAt - times.sentAt;
    });
    console.log(`[ui] the endless loop's notice showed ${Math.round(noticeMs)} ms after Send`);
    expect(noticeMs).toBeLessThan(7_000);
    expect(await page.getByTestId('response-status').textContent()).toBe('504 Gateway Timeout');
    await shot('08-timeout');

    const before = await runningBundle();
    await replaceCode(fixedLoop);
    await waitForNewProgram(before);
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('fixed');

    // A recent request restores method and path.
    await setRequest('DELETE', '/elsewhere');
    await requestPanel().getByRole('tab', { name: 'Recent' }).click();
    await page
      .getByRole('list', { name: 'Recent requests' })
      .getByRole('button', { name: /POST \/greet/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Method').inputValue(), WAIT).toBe('POST');
    await expect.poll(() => page.getByLabel('Path and query').inputValue(), WAIT).toBe('/greet');
  });

  test('a program that loops or floods the console at start never freezes the page, and a fix recovers', async () => {
    await replaceCode(fixedLoop.replace('await new AppHttp', "let n = 0;\nwhile (true) console.log('tick', n++);\nawait new AppHttp"));
    await page.getByTestId('compile-status').and(page.locator(':not([data-phase=ok])')).waitFor(WAIT);
    // Measured once the flood reaches the page (it lasts until the start times out, 5 s after it began).
    await page.getByRole('tab', { name: /Console/ }).click();
    await page
      .getByRole('list', { name: 'Console output' })
      .getByText(/tick \d+/)
      .first()
      .waitFor(ANSWER);
    // The page still answers: its event loop keeps turning and clicks land. The bounds are loose because
    // the machine is shared; a frozen page would never answer at all.
    const lagMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = performance.now();
          let worst = 0;
          const timer = setInterval(() => {
            const now = performance.now();
            worst = Math.max(worst, now - last - 50);
            last = now;
          }, 50);
          setTimeout(() => (clearInterval(timer), resolve(worst)), 2_000);
        }),
    );
    console.log(`[ui] worst event-loop lag during the flood: ${Math.round(lagMs)} ms`);
    expect(lagMs).toBeLessThan(5_000);
    await requestPanel()
      .getByRole('tab', { name: /Headers/ })
      .click({ timeout: 5_000 });
    await page.getByLabel('Path and query').fill('/still-responsive', { timeout: 5_000 });
    await shot('09-flood');

    await replaceCode(fixedLoop);
    // Run now (Ctrl/Cmd+Enter) so the next "ok" is this build's, not the crashed one's.
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.locator('[data-testid=compile-status][data-phase=ok]').waitFor(ANSWER);
    await page.getByText('Program: running on http://localhost:3000').waitFor(ANSWER);
    await setRequest('GET', '/loop');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('fixed');
  });

  test('Copy as cURL puts the command on the clipboard', async () => {
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await setRequest('GET', '/headers');
    await page.getByRole('button', { name: 'Copy as cURL' }).click();
    await page.getByText('Copied the cURL command.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl http:\/\/localhost:3000\/headers -H 'Accept: /);
  });

  test('the dark theme', async () => {
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('tab', { name: /Console/ }).click();
    await shot('11-dark');
    await page.getByLabel('Theme').selectOption('system');
  });

  test('keyboard: a skip link leads past the editor to the request panel', async () => {
    // The skip links come first in the tab order and show up when focused.
    await page.getByRole('link', { name: 'Skip to the editor' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the request panel');
    expect((await page.getByRole('link', { name: 'Skip to the request panel' }).boundingBox())?.width).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Method');
  });

  test('Ctrl+M lets Tab leave the editor, large text for projectors, and the code survives a reload', async () => {
    await focusEditor(page);
    await page.keyboard.press('Control+M');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') === null)).toBe(true);

    await page.getByLabel('Large text').check();
    await shot('12-large-text');
    await page.getByLabel('Large text').uncheck();

    // Pane sizes follow the arrow keys on a focused divider and are remembered.
    const divider = page.getByRole('separator', { name: 'Resize request and response' });
    const height = Number(await divider.getAttribute('aria-valuenow'));
    await divider.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(height + 4);

    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n// kept across reloads');
    // Every edit is saved as it happens: reload once it is stored.
    await page.waitForFunction(() => (localStorage.getItem('halo.workspaces.v1') ?? '').includes('kept across reloads'), undefined, WAIT);
    await page.reload();
    await waitForNewProgram('');
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+End');
    await expect.poll(() => page.locator('.monaco-editor .view-lines').first().textContent(), WAIT).toMatch(/kept\s+across\s+reloads/);
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(height + 4);
  });

  test('no request left 127.0.0.1: the program origin is answered by the service worker', async () => {
    const outside = requests.filter((r) => /^https?:/.test(r.url()) && new URL(r.url()).hostname !== '127.0.0.1');
    for (const request of outside) {
      const response = await request.response();
      expect(`${request.url()} served by the service worker: ${response?.fromServiceWorker()}`).toBe(
        `${request.url()} served by the service worker: true`,
      );
    }
    expect(requests.length).toBeGreaterThan(10);
  });
});
