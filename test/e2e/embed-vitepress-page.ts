/**
 * The VitePress page of embed-vitepress.test.ts: every snippet form as fenced blocks (a block with an HTTP/1.1
 * request line, an editable one with a body, hidden setup with a blank line in it and a cell building on it, several
 * requests, a second file, checks, an endless handler to Stop), and a theme stylesheet that would show any frame and
 * any tab strip; plus what the test runs in the page, in any of the three browsers.
 */

/** The Markdown page: what a docs author writes. */
export const VITEPRESS_PAGE = `# Halo in VitePress

\`\`\`ts halo id=hello request="GET /hello HTTP/1.1"
import { App, AppHttp } from 'halo';

const app = new App();
// {{ Vue leaves this alone }}
app.get('/hello', () => ({ hello: 'world' }));

await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`ts halo id=greet editable request="POST /greet" body='{"name":"Ada"}'
import { App, AppHttp } from 'halo';

const app = new App();
app.post('/greet', async (req) => {
  await req.parseBody();
  return { greeting: \`Hello, \${req.bodyAsMap.name}\` };
});

await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`ts halo-setup
import { App, AppHttp } from 'halo';

const app = new App();
let count = 0;

// @halo-cell
await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`ts halo id=count request="GET /count"
app.get('/count', () => ({ count: ++count }));
app.delete('/count', () => ({ count: (count = 0) }));
\`\`\`

\`\`\`http halo-request
DELETE /count HTTP/1.1
\`\`\`

\`\`\`ts halo id=reset depends-on=count request="POST /reset"
app.post('/reset', () => ({ count: (count = 100) }));
\`\`\`

\`\`\`ts halo-file file=greeting.ts
export const greeting = (name: string) => 'Hi, ' + name;
\`\`\`

\`\`\`ts halo id=files request="GET /hi/Grace"
import { App, AppHttp } from 'halo';
import { greeting } from './greeting.ts';

const app = new App();
app.get('/hi/:name', (req, res) => res.write(greeting(req.params.name)));

await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`ts halo id=ping request="GET /ping"
import { App, AppHttp } from 'halo';

const app = new App();
app.get('/ping', (req, res) => res.write('pong'));

await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`json halo-checks
[{ "title": "GET /ping answers pong", "request": { "method": "GET", "path": "/ping" }, "expect": { "status": 200, "body": "pong" } }]
\`\`\`

\`\`\`ts halo id=spin request="GET /spin" time-limit=60
import { App, AppHttp } from 'halo';

const app = new App();
app.get('/spin', () => {
  while (true) {}
});

await new AppHttp(app).startServer('localhost', 3000);
\`\`\`
`;

/** A theme that would show a hidden frame and an empty tab strip, were the snippet's styles beatable. */
export const THEME_CSS = `iframe { display: block !important; width: 300px; height: 150px; }
.files, [hidden] { display: flex !important; }
`;

/** Runs in the page: chooses request `index` of snippet `id`'s list. */
export function chooseRequest(id: string, index: string): Promise<void> {
  const select = document.getElementById(id)!.shadowRoot!.querySelector('select')!;
  select.value = index;
  return Promise.resolve();
}

/** Runs in the page: whether snippet `id`'s checks list says they passed (polled). */
export function checksPassed(id: string): Promise<boolean> {
  return Promise.resolve(/passed/.test(document.getElementById(id)!.shadowRoot!.querySelector('.checks')!.textContent ?? ''));
}

/**
 * Runs in the page: what a reader sees of the page's frames, tab strips and fallback lines — the rendered boxes of
 * every iframe outside the snippets (the snippet frame), the tab strips each snippet renders, and whether any
 * snippet's fallback line is rendered.
 */
export function whatShows(): Promise<{ frames: number[][]; strips: Record<string, number>; fallbacks: number }> {
  const frames = [...document.querySelectorAll('iframe')].map((frame) => {
    const box = frame.getBoundingClientRect();
    return [box.width, box.height];
  });
  const strips: Record<string, number> = {};
  for (const snippet of document.querySelectorAll('halo-snippet')) {
    strips[snippet.id] = snippet.shadowRoot?.querySelector('.files')?.querySelectorAll('button').length ?? 0;
  }
  const fallbacks = [...document.querySelectorAll('halo-snippet > span')].filter((span) => span.getClientRects().length > 0).length;
  return Promise.resolve({ frames, strips, fallbacks });
}

/**
 * Runs in the page: presses Run on the endless snippet `id`, presses Stop once it waits for the answer, and resolves
 * with the milliseconds Stop took to end it and what the status line said then.
 */
export function stopEndless(id: string): Promise<{ ms: number; state: string }> {
  const root = document.getElementById(id)!.shadowRoot!;
  const state = root.querySelector('.state')!;
  const stop = root.querySelector<HTMLButtonElement>('.bar button.stop')!;
  return new Promise((resolve) => {
    let pressed = 0;
    const observer = new MutationObserver(() => {
      const text = state.textContent ?? '';
      if (!pressed && text.startsWith('Sending')) {
        pressed = performance.now();
        stop.click();
      } else if (pressed && text === 'Stopped.') {
        observer.disconnect();
        resolve({ ms: Math.round(performance.now() - pressed), state: text });
      }
    });
    observer.observe(state, { childList: true, characterData: true, subtree: true });
    root.querySelector<HTMLButtonElement>('.bar button.run')!.click();
  });
}

/** Runs in the page: the note under snippet `id` (what the browser keeps of it), '' when none shows. */
export function noteOf(id: string): Promise<string> {
  const note = document.getElementById(id)!.shadowRoot!.querySelector<HTMLElement>('.note');
  return Promise.resolve(note && !note.hidden ? (note.textContent ?? '') : '');
}
