/**
 * `halo/remark` in a unified pipeline: a Markdown page with `halo` blocks (one with hidden setup, one that builds
 * on it, one with `autoload`) is built to HTML (remark-parse, the plugin, remark-rehype), served on another
 * site than the build, and read on a phone-sized screen: each snippet runs from the keyboard and answers, the
 * autoload one once it scrolls into view, its response announced in a live region.
 */
import type { Nodes } from 'hast';
import type { Browser, Page } from 'playwright-core';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { afterAll, beforeAll, expect, test } from 'vitest';
import remarkHalo from 'halo/remark';
import { testChromium } from './harness/browser.ts';
import { serveBuildAndPage } from './harness/embed-servers.ts';
import { ANSWER, FIRST, WAIT } from './harness/wait.ts';
import { escapeHtml } from './embed-page.ts';

const MARKDOWN = `# Todos, step by step

\`\`\`ts halo-setup
import { App, AppHttp } from 'halo';

const app = new App();
const todos: string[] = [];
// @halo-cell
await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

Add a route that lists the todos:

\`\`\`ts halo id=list request="GET /todos"
app.get('/todos', () => todos);
\`\`\`

Then one that adds a todo, building on the one above:

\`\`\`ts halo id=add depends-on=list request="POST /todos" body='{"title":"milk"}'
app.post('/todos', async (req) => {
  await req.parseBody();
  todos.push(req.bodyAsMap.title);
  return todos;
});
\`\`\`

${'Some more text to read.\n\n'.repeat(40)}

\`\`\`ts halo id=late autoload request="/late"
import { App, AppHttp } from 'halo';
const app = new App();
app.get('/late', (req, res) => res.write('seen'));
await new AppHttp(app).startServer('localhost', 3000);
\`\`\`
`;

/** HTML of a hast tree: what rehype-stringify would write, for the few kinds of node this page has. */
function toHtml(node: Nodes, raw = false): string {
  if (node.type === 'root') return node.children.map((child) => toHtml(child)).join('');
  if (node.type === 'text') return raw ? node.value : escapeHtml(node.value);
  if (node.type !== 'element') return '';
  const attributes = Object.entries(node.properties)
    .filter(([, value]) => value !== false && value !== null && value !== undefined)
    .map(([name, value]) => {
      const attribute = name === 'className' ? 'class' : name.replace(/^data([A-Z])/, (_, c: string) => `data-${c.toLowerCase()}`);
      return value === true ? ` ${attribute}` : ` ${attribute}="${escapeHtml(Array.isArray(value) ? value.join(' ') : String(value))}"`;
    })
    .join('');
  const inner = node.children.map((child) => toHtml(child, node.tagName === 'script')).join('');
  return `<${node.tagName}${attributes}>${inner}</${node.tagName}>`;
}

/** The Markdown page as a site built with the plugin would serve it. */
function buildPage(buildUrl: string): string {
  const processor = unified().use(remarkParse).use(remarkHalo).use(remarkRehype);
  const body = toHtml(processor.runSync(processor.parse(MARKDOWN)));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Todos</title><script src="${buildUrl}embed.js" defer></script></head><body><main>${body}</main></body></html>`;
}

const servers = serveBuildAndPage(buildPage);
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await testChromium();
  page = await browser.newPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(servers.host.url, { timeout: FIRST.timeout, waitUntil: 'load' });
});

afterAll(async () => {
  await browser?.close();
});

test('the plugin makes each halo block a snippet after the code the site shows; halo-setup is hidden inside the next', () => {
  const html = buildPage('https://example.org/halo/');
  expect(html.match(/<halo-snippet /g)).toHaveLength(3);
  // The hidden setup is in the first snippet's data-files attribute, no raw child: a reader never sees it.
  expect(html).toMatch(
    /<halo-snippet id="list" request="GET \/todos" data-files="\[\{&quot;name&quot;:&quot;main.ts&quot;,&quot;code&quot;:&quot;import \{ App/,
  );
  expect(html).toContain(
    '<halo-snippet id="add" depends-on="list" request="POST /todos" body="{&quot;title&quot;:&quot;milk&quot;}" data-files=',
  );
  expect(html).not.toContain('<script type="text/plain"');
  expect(html).toContain(`<pre><code class="language-ts">app.get('/todos', () =&gt; todos);`);
  expect(() =>
    unified().use(remarkParse).use(remarkHalo).runSync(unified().use(remarkParse).parse('```ts halo colour=red\nx\n```')),
  ).toThrow(/"colour" is not a snippet attribute/);
});

test('on a phone, each snippet runs from the keyboard and the answer is announced; the page never scrolls sideways', async () => {
  await page.waitForFunction(() => customElements.get('halo-snippet') !== undefined);
  const run = page.getByRole('button', { name: 'Run main.ts: GET /todos' });
  await run.focus();
  await page.keyboard.press('Enter');
  const status = page.locator('halo-snippet#list [role=status]');
  await expect.poll(() => status.innerText(), ANSWER).toMatch(/^GET \/todos: 200 in \d+ ms$/);
  await expect.poll(() => page.locator('halo-snippet#list .out > pre').innerText(), ANSWER).toBe('[]');
  await page.getByRole('button', { name: 'Run main.ts: POST /todos' }).press('Enter');
  await expect.poll(() => page.locator('halo-snippet#add .out > pre').innerText(), ANSWER).toBe(JSON.stringify(['milk'], null, 2));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('an autoload snippet runs once it scrolls into view, with no click', async () => {
  const late = page.locator('halo-snippet#late');
  expect(await late.locator('.out').innerText()).toBe('');
  await late.scrollIntoViewIfNeeded();
  await expect.poll(() => late.locator('.out > pre').innerText(), ANSWER).toBe('seen');
});
