/**
 * The newcomer's smoke in Firefox ESR (Debian's `firefox-esr`, driven over WebDriver BiDi by puppeteer-core):
 * the built site opens lesson 1 and its program answers a Send; pasting the solution runs the new program, its
 * answer changes and the lesson's checks pass; an uncaught error shows its message (Firefox's stacks have frames
 * only) and `main.ts:N`, with the learner's frame in Firefox's `f@main.ts:l:c` form shown and the framework's folded;
 * a program using `crypto.randomUUID()` and `crypto.subtle.digest` answers as on Node.
 */
import { createHash } from 'node:crypto';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { launchFirefox } from './harness/firefox.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { CRASHING_PROGRAM } from './fixtures/crashing-program.ts';

const { lessons } = builtCourse;

const lesson = lessons[0];

const usingCrypto = `import { App, AppHttp } from 'halo';

const app = new App();

app.get('/', async (req, res) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('Halo'));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID());
  res.write(\`uuid \${uuid} sha256 \${hex}\`);
});

await new AppHttp(app).startServer('localhost', 3000);
`;

let server: StaticServer;
let browser: Browser;
let page: Page;

/** The element `selector` matches whose accessible name (its aria-label, else its text) is `text`, once there. */
async function byText(selector: string, text: string | RegExp, timeout = WAIT.timeout): Promise<ElementHandle<Element>> {
  const source = typeof text === 'string' ? `^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : text.source;
  const handle = await page.waitForFunction(
    (css, pattern) =>
      [...document.querySelectorAll(css)].find((el) =>
        new RegExp(pattern).test((el.getAttribute('aria-label') ?? el.textContent ?? '').trim()),
      ),
    { timeout },
    selector,
    source,
  );
  return handle as ElementHandle<Element>;
}

/** Waits until the program built from the current code runs (its bundle id differs from `before`); returns its id. */
async function waitForProgram(before = '', timeout = ANSWER.timeout): Promise<string> {
  const handle = await page.waitForFunction(
    (old) => {
      const el = document.querySelector('[data-testid=compile-status]');
      const bundle = el?.getAttribute('data-bundle') ?? '';
      return el?.getAttribute('data-phase') === 'ok' && bundle !== old && bundle !== '' && bundle;
    },
    { timeout },
    before,
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Replaces the editor's whole program with a paste, as a learner would; waits until the editor shows `until`.
 * Firefox empties a synthetic paste event's clipboardData, so the code goes through the browser's clipboard:
 * copied from a scratch text area with Ctrl+C, pasted over the selected program with Ctrl+V.
 */
async function replaceCode(code: string, until: string): Promise<void> {
  await page.evaluate((text) => {
    const scratch = document.createElement('textarea');
    scratch.id = 'smoke-clipboard';
    scratch.value = text;
    document.body.append(scratch);
    scratch.select();
  }, code);
  await chord('KeyC');
  await page.evaluate(() => document.getElementById('smoke-clipboard')?.remove());
  await (await page.waitForSelector('.monaco-editor .view-lines', WAIT))!.click();
  await chord('KeyA');
  await chord('KeyV');
  await page.waitForFunction(
    (wanted) => (document.querySelector('.monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(wanted),
    WAIT,
    until,
  );
}

/** Presses Ctrl with `key`. */
async function chord(key: 'KeyA' | 'KeyC' | 'KeyV'): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press(key);
  await page.keyboard.up('Control');
}

/**
 * Clicks Send and returns the answer's status and the response panel's text. The button reads "Sending…" from
 * the click until the exchange ends, so "Send" again means this request's answer is the one shown.
 */
async function send(): Promise<{ status: string; body: string }> {
  await (await byText('button', 'Send')).click();
  await byText('button', 'Send', ANSWER.timeout);
  return page.evaluate(() => {
    const status = document.querySelector('[data-testid=response-status]');
    const panel = status?.closest('[aria-busy]')?.querySelector('[role=tabpanel]');
    return { status: status?.textContent ?? '', body: panel?.textContent ?? '' };
  });
}

/** The lesson's checks once all have run: how many passed and how many failed. */
async function settledChecks(): Promise<{ passed: number; failed: number }> {
  const handle = await page.waitForFunction(
    (count) => {
      const items = [...document.querySelectorAll('[data-testid=lesson-checks][data-state=done] [data-check-status]')].map((li) =>
        li.getAttribute('data-check-status'),
      );
      if (items.length !== count || items.includes('pending')) return false;
      return { passed: items.filter((s) => s === 'passed').length, failed: items.filter((s) => s === 'failed').length };
    },
    ANSWER,
    lesson.checks.length,
  );
  return (await handle.jsonValue()) as { passed: number; failed: number };
}

beforeAll(async () => {
  server = await serveStatic(distDir());
  browser = await launchFirefox();
  page = await browser.newPage();
  await page.goto(`${server.url}index.html?lesson=${lesson.id}`);
}, FIRST.timeout * 2);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test(
  'the site opens lesson 1 in Firefox and its program answers a Send',
  async () => {
    expect(await browser.version()).toMatch(/firefox/i);
    await waitForProgram('', FIRST.timeout);
    // The starter runs and answers, and the learner still has work to do.
    expect((await settledChecks()).failed).toBeGreaterThan(0);
    const answer = await send();
    expect(answer.status).toMatch(/^\d{3} /);
    expect(answer.body).not.toContain('Hello, world!');
  },
  FIRST.timeout * 2,
);

test(
  'the pasted solution runs: the answer changes and the lesson checks pass',
  async () => {
    const before = await waitForProgram();
    await replaceCode(lesson.solution['main.ts'], "res.write('Hello, world!')");
    await waitForProgram(before);
    expect(await settledChecks()).toEqual({ passed: lesson.checks.length, failed: 0 });
    expect(await send()).toMatchObject({ status: '200 OK', body: 'Hello, world!' });
  },
  ANSWER.timeout * 3,
);

test(
  "an uncaught error shows its message and main.ts:N, the learner's frame shown and the framework's folded",
  async () => {
    await (await byText('[role=tab]', /^Console/)).click();
    await (await byText('button', 'Clear console')).click();
    const before = await waitForProgram();
    await replaceCode(CRASHING_PROGRAM, 'setTimeout(() => explode());');
    await waitForProgram(before);
    expect((await send()).status).toBe('500 Internal Server Error');
    const uncaught = await consoleEntry(/Uncaught TypeError: name is missing/);
    // The location button names the line of the throw; Firefox's own frame for it is a link too.
    expect(uncaught.links).toContain('main.ts:6');
    expect(uncaught.links).toContainEqual(expect.stringMatching(/^explode@main\.ts:6:\d+$/));
    expect(uncaught.text.match(/name is missing/g)).toHaveLength(1);
    expect(uncaught.text).not.toMatch(/blob:/);
    // The handler's error answered 500: its entry keeps the message, links the learner's frame, folds the framework's.
    const failed = await consoleEntry(/failed with 500: TypeError: name is missing/);
    expect(failed.links).toContainEqual(expect.stringMatching(/^explode@main\.ts:6:\d+$/));
    expect(failed.text.match(/name is missing/g)).toHaveLength(1);
    expect(failed.folded).toMatch(/^\d+ framework frames?$/);
    expect(failed.text).not.toMatch(/blob:/);
  },
  ANSWER.timeout * 3,
);

test(
  'a program using crypto.randomUUID() and crypto.subtle.digest answers as on Node',
  async () => {
    const before = await waitForProgram();
    await replaceCode(usingCrypto, "new TextEncoder().encode('Halo')");
    await waitForProgram(before);
    const sha256 = createHash('sha256').update('Halo').digest('hex');
    expect(await send()).toMatchObject({ status: '200 OK', body: `uuid true sha256 ${sha256}` });
  },
  ANSWER.timeout * 3,
);

/** The console entry whose text matches `pattern`: its visible text, its links to the code, its folded frames. */
async function consoleEntry(pattern: RegExp): Promise<{ text: string; links: string[]; folded: string }> {
  const entry = await byText('[aria-label="Console output"] > li', pattern, ANSWER.timeout);
  return entry.evaluate((li) => ({
    text: (li as HTMLElement).innerText,
    links: [...li.querySelectorAll('button.line-link')].map((button) => button.textContent?.trim() ?? ''),
    folded: li.querySelector('details summary')?.textContent?.trim() ?? '',
  }));
}
