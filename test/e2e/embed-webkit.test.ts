/**
 * The page of embed-snippets.test.ts in WebKit (WebKitGTK's MiniBrowser, the engine of Safari on every school
 * iPad): the snippet frame of another site runs a snippet's program and answers its request, an edit in one
 * leaves another alone, and a snippet's checks run. Like Safari, WebKit partitions a third-party frame's storage;
 * the snippet frame needs neither its storage nor a service worker (its requests go to the program over a MessagePort).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { embedPage, pressAndReadSnippet } from './embed-page.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { ANSWER, FIRST } from './harness/wait.ts';
import { ensureWebKit, launchWebKit, type WebKitSession } from './harness/webkit.ts';

const missing = ensureWebKit();
const servers = serveBuildAndPage((url) => embedPage(url));
let webkit: WebKitSession;

beforeAll(async () => {
  if (missing) return;
  webkit = await launchWebKit();
  await webkit.goto(servers.host.url);
  await webkit.waitFor(`return customElements.get('halo-snippet') !== undefined;`, FIRST.timeout);
}, FIRST.timeout);

afterAll(async () => {
  await webkit?.close();
});

/** Presses snippet `id`'s button and returns the response body it shows, once its status line names one. */
function runSnippet(id: string): Promise<string> {
  return webkit.evaluate(pressAndReadSnippet, ANSWER.timeout, id);
}

test(
  'in WebKit a snippet on a stranger’s page runs and answers, an edit changes that snippet only, and checks run',
  async ({ skip }) => {
    if (missing) skip(missing);
    expect(servers.build.requests).toEqual(['/halo/embed.js']);
    expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
    await webkit.run(`const area = document.getElementById('greet').shadowRoot.querySelector('textarea');
      area.value = area.value.replace("'Hello, '", "'Hi, '");
      area.dispatchEvent(new Event('input'));`);
    expect(JSON.parse(await runSnippet('greet'))).toEqual({ greeting: 'Hi, Ada' });
    expect(JSON.parse(await runSnippet('hello'))).toEqual({ hello: 'world' });
    expect(await runSnippet('ping')).toBe('pong');
    await webkit.waitFor(
      `return document.getElementById('ping').shadowRoot.querySelector('.checks').textContent.includes('passed');`,
      ANSWER.timeout,
    );
  },
  FIRST.timeout * 3,
);
