import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';
import { PlaygroundSession } from './harness/session.ts';
import { replaceCode as replaceCodeOnPage } from './share-page.ts';

const SHOTS = resolve(REPO_ROOT, 'test/.artifacts/ui');
const example = readFileSync(resolve(REPO_ROOT, 'lessons/getting-started/app.ts'), 'utf8');
// The example without its custom error handler (so the default one answers), plus a route that never ends.
const withDefaultHandler = example
  .replace(/const oldErrorHandler[\s\S]*?\n};\n/, '')
  .replace("await new AppHttp", "app.get('/loop', () => {\n  while (true) {}\n});\n\nawait new AppHttp");
const fixedLoop = withDefaultHandler.replace('while (true) {}', "res.write('fixed');").replace("app.get('/loop', () =>", "app.get('/loop', (req, res) =>");

let session: PlaygroundSession;
let page: Page;
const requests: Request[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
}

/** Waits until the program built from the current code is running (its bundle id differs from `before`). */
async function waitForNewProgram(before: string): Promise<void> {
  await page.waitForFunction(
    (old) => {
      const el = document.querySelector('[data-testid=compile-status]');
      return el?.getAttribute('data-phase') === 'ok' && el.getAttribute('data-bundle') !== old && el.getAttribute('data-bundle') !== '';
    },
    before,
    { timeout: 30_000 },
  );
}

async function runningBundle(): Promise<string> {
  return (await page.getByTestId('compile-status').getAttribute('data-bundle')) ?? '';
}

// Waits for `startServer`, which every program here has, rather than a first line the old program shares.
const replaceCode = (code: string) => replaceCodeOnPage(page, code, 'startServer');

/** Clicks Send and waits for the exchange to finish; returns the status badge text. */
async function send(): Promise<string> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 15_000 });
  return (await page.getByTestId('response-status').textContent()) ?? '';
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

describe('the playground UI', () => {
  test('loads the example program and answers its three routes', async () => {
    await shot('01-loaded');
    await setRequest('GET', '/');
    // Ctrl/Cmd+Enter sends while focus is in the request panel.
    await page.getByLabel('Path and query').press('ControlOrMeta+Enter');
    await page.getByTestId('response-status').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 15_000 });
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
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\napp.');
    const suggestions = page.locator('.suggest-widget .monaco-list-row');
    await expect.poll(() => suggestions.allTextContents(), { timeout: 20_000 }).toContain('get');
    await shot('04-suggest');
    await page.keyboard.press('Escape');
  });

  // A build while typing is held even when the type checker first answers late (a slow machine): it used
  // to accept the learner's new error as the starter's, and the program ran.
  test('the Halo types: a wrong argument is underlined, hovering badRequest shows its signature', async () => {
    const before = await runningBundle();
    await replaceCode(`${example}\napp.get(42, (req, res) => {});\n`);
    // A new type error holds the build back while typing; Ctrl/Cmd+Enter runs it anyway.
    await page.locator('[data-testid=compile-status][data-phase=held]').waitFor({ timeout: 30_000 });
    await page.keyboard.press('ControlOrMeta+Enter');
    await waitForNewProgram(before);
    await page.getByRole('tab', { name: /Problems/ }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Problems' }).textContent(), { timeout: 20_000 }).toMatch(/number.*not assignable.*string.*types/);
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.locator('.monaco-editor .view-line span[class^=mtk]', { hasText: 'badRequest' }).first().hover({ timeout: 10_000 });
    await expect.poll(() => page.locator('.monaco-hover').first().textContent(), { timeout: 15_000 }).toContain('badRequest(');
    await shot('05-types');
    await page.mouse.move(0, 0);

    // app.get(42, …) throws when the program runs: the console shows the error with a link to the line.
    await page.getByRole('tab', { name: /Console/ }).click();
    const crash = page.getByRole('list', { name: 'Console output' }).getByRole('button', { name: /^main\.ts:36/ }).first();
    await crash.click({ timeout: 15_000 });
    await expect.poll(() => page.locator('.monaco-editor .line-numbers.active-line-number').textContent()).toBe('36');
  });

  test('the default handler renders its error page in a sandboxed iframe', async () => {
    const before = await runningBundle();
    await replaceCode(withDefaultHandler);
    await waitForNewProgram(before);
    await setRequest('POST', '/greet');
    await requestPanel().getByRole('tab', { name: /Headers/ }).click();
    await page.getByLabel('Accept preset').selectOption({ label: 'browser (text/html)' });
    expect(await send()).toBe('400 Bad Request');
    const frame = page.locator('iframe[title="HTML preview"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect.poll(() => frame.contentFrame().locator('body').textContent()).toContain('Missing name.');
    await shot('06-error-page');

    // An API client gets the same error as JSON, shown as a collapsible tree.
    await page.getByLabel('Accept preset').selectOption({ label: 'API (application/json)' });
    expect(await send()).toBe('400 Bad Request');
    const tree = page.getByLabel('JSON body');
    await expect.poll(() => tree.textContent()).toMatch(/"status_code": *400/);
    expect(await tree.textContent()).toContain('"Missing name."');
    await tree.locator('summary').first().click();
    expect(await tree.locator('details').first().getAttribute('open')).toBeNull();
  });

  test('a syntax error shows a marker and a problem while the old program still answers', async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nconst = ;');
    await page.getByTestId('compile-status').filter({ hasText: /error/ }).waitFor({ timeout: 20_000 });
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: /Problems \([1-9]/ }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Problems' }).textContent()).toMatch(/main\.ts:\d+/);
    await setRequest('GET', '/');
    expect(await send()).toBe('200 OK');
    expect(await responseText()).toBe('Hello, world!');
    await shot('07-syntax-error');
    // Choosing a problem moves the cursor to its line.
    await page.getByRole('list', { name: 'Problems' }).getByRole('button').first().click();
    await expect.poll(() => page.locator('.monaco-editor .current-line').count()).toBeGreaterThan(0);
  });

  test('an endless loop shows the notice within 7 s, the UI stays responsive, and a fix recovers', async () => {
    await replaceCode(withDefaultHandler);
    await page.getByTestId('compile-status').filter({ hasText: /Compiled/ }).waitFor({ timeout: 20_000 });
    await setRequest('GET', '/loop');
    const started = Date.now();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // While the program spins, the page still answers clicks.
    await requestPanel().getByRole('tab', { name: 'Recent' }).click();
    expect(await requestPanel().getByRole('tab', { name: 'Recent' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Your program did not answer.').waitFor({ timeout: 7_000 });
    expect(Date.now() - started).toBeLessThan(7_000);
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
    await page.getByRole('list', { name: 'Recent requests' }).getByRole('button', { name: /POST \/greet/ }).first().click();
    expect(await page.getByLabel('Method').inputValue()).toBe('POST');
    expect(await page.getByLabel('Path and query').inputValue()).toBe('/greet');
  });

  test('a program that loops or floods the console at start never freezes the page, and a fix recovers', async () => {
    await replaceCode(fixedLoop.replace("await new AppHttp", "let n = 0;\nwhile (true) console.log('tick', n++);\nawait new AppHttp"));
    await page.getByTestId('compile-status').and(page.locator(':not([data-phase=ok])')).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(3_000);
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
    await requestPanel().getByRole('tab', { name: /Headers/ }).click({ timeout: 5_000 });
    await page.getByLabel('Path and query').fill('/still-responsive', { timeout: 5_000 });
    await shot('09-flood');

    await replaceCode(fixedLoop);
    // Run now (Ctrl/Cmd+Enter) so the next "ok" is this build's, not the crashed one's.
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.locator('[data-testid=compile-status][data-phase=ok]').waitFor({ timeout: 30_000 });
    await page.getByText('Program: running on http://localhost:3000').waitFor({ timeout: 30_000 });
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
    await page.locator('.monaco-editor .view-lines').first().click();
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

    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n// kept across reloads');
    await page.waitForTimeout(300);
    await page.reload();
    await waitForNewProgram('');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('ControlOrMeta+End');
    await expect.poll(() => page.locator('.monaco-editor .view-lines').first().textContent()).toMatch(/kept\s+across\s+reloads/);
    expect(Number(await divider.getAttribute('aria-valuenow'))).toBe(height + 4);
  });

  test('no request left 127.0.0.1: the program origin is answered by the service worker', async () => {
    const outside = requests.filter((r) => /^https?:/.test(r.url()) && new URL(r.url()).hostname !== '127.0.0.1');
    for (const request of outside) {
      const response = await request.response();
      expect(`${request.url()} served by the service worker: ${response?.fromServiceWorker()}`).toBe(`${request.url()} served by the service worker: true`);
    }
    expect(requests.length).toBeGreaterThan(10);
  });
});
