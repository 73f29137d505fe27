/**
 * WebKit (WebKitGTK's MiniBrowser, the engine of Safari on every school iPad) keeps an uncaught error's message and
 * `main.ts:N`: the program's blob: URL stays alive while the program runs, so WebKit does not hide a later throw
 * (a timer's) as "Script error." The built site opens a shared program that throws in a handler and in a timer.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { encodeShare } from '../../web/share/link/share-encode.ts';
import { shareUrl } from '../../web/share/link/share-fragment.ts';
import { distDir } from './harness/paths.ts';
import { serveStatic, type StaticServer } from './harness/static-server.ts';
import { ANSWER, FIRST } from './harness/wait.ts';
import { ensureWebKit, launchWebKit, type WebKitSession } from './harness/webkit.ts';
import { CRASHING_PROGRAM } from './fixtures/crashing-program.ts';

/** Clicks the first `selector` element whose text is `text`, once there; in the page, as a learner's click would. */
const CLICK = `const [selector, text] = arguments;
const target = [...document.querySelectorAll(selector)].find((el) => el.textContent.trim().startsWith(text) && !el.disabled);
if (!target) return false;
target.click();
return true;`;

const missing = ensureWebKit();
let server: StaticServer;
let webkit: WebKitSession;

beforeAll(async () => {
  if (missing) return;
  server = await serveStatic(distDir());
  webkit = await launchWebKit();
}, FIRST.timeout);

afterAll(async () => {
  await webkit?.close();
  await server?.close();
});

test(
  'a program that throws shows its message and main.ts:N in WebKit',
  async ({ skip }) => {
    if (missing) skip(missing);
    const link = shareUrl(
      `${server.url}index.html`,
      encodeShare({
        lesson: null,
        files: { 'main.ts': CRASHING_PROGRAM },
        request: { method: 'GET', path: '/', headers: [], bodyType: 'none' },
      }),
    );
    await webkit.goto(link);
    await webkit.waitFor(CLICK, FIRST.timeout, 'button', 'Run shared code');
    await webkit.waitFor(
      `const el = document.querySelector('[data-testid=compile-status]');
       return el?.getAttribute('data-phase') === 'ok' && el.getAttribute('data-bundle') !== '';`,
      FIRST.timeout * 2,
    );
    await webkit.waitFor(CLICK, ANSWER.timeout, 'button[type=submit]', 'Send');
    const status = await webkit.waitFor<string>(
      `return document.querySelector('[data-testid=response-status]')?.textContent ?? '';`,
      ANSWER.timeout,
    );
    expect(status).toBe('500 Internal Server Error');
    await webkit.waitFor(CLICK, ANSWER.timeout, '[role=tab]', 'Console');
    // The timer's throw, after the handler's: the entry WebKit hid as "Script error." while the URL was revoked.
    const uncaught = await webkit.waitFor<{ text: string; links: string[] }>(
      `const li = [...document.querySelectorAll('[aria-label="Console output"] > li')].find((el) => /Uncaught/.test(el.textContent));
       return li && { text: li.innerText, links: [...li.querySelectorAll('button.line-link')].map((b) => b.textContent.trim()) };`,
      ANSWER.timeout,
    );
    expect(uncaught.text).toContain('Uncaught TypeError: name is missing');
    expect(uncaught.text).not.toContain('Script error');
    expect(uncaught.links).toContain('main.ts:6');
  },
  FIRST.timeout * 5,
);
