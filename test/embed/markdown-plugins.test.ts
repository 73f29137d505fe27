/**
 * `halo/markdown-it` and `halo/remark` read the same blocks into the same `<halo-snippet>` (snippet-markdown.ts):
 * every form (hidden setup, cells, another visible file, several requests, checks) ends up in attributes, none in
 * raw child elements, and the page keeps the `halo` block for its highlighter with the language alone.
 */
import type { Element } from 'hast';
import markdownit from 'markdown-it';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { expect, test } from 'vitest';
import markdownItHalo from '../../runtime/embed/markdown-it-halo.ts';
import remarkHalo from '../../runtime/embed/remark-halo.ts';
import { FALLBACK_TEXT } from '../../runtime/embed/snippet-markdown.ts';

const PAGE = `# Todos

\`\`\`ts halo-setup
import { App, AppHttp } from 'halo';
const app = new App();

const todos: string[] = [];
// @halo-cell
await new AppHttp(app).startServer('localhost', 3000);
\`\`\`

\`\`\`ts halo-file file=store.ts
export const limit = 3;
\`\`\`

\`\`\`ts {2} halo id=list request="GET /todos HTTP/1.1" editable time-limit=10
app.get('/todos', () => todos);
// {{ not Vue }} </script> <b>
\`\`\`

\`\`\`http halo-request
POST /todos
content-type: application/json

{"title":"milk"}
\`\`\`

\`\`\`json halo-checks
[{ "title": "lists", "request": { "method": "GET", "path": "/todos" }, "expect": { "status": 200 } }]
\`\`\`

\`\`\`ts halo depends-on=list
app.delete('/todos', () => (todos.length = 0));
\`\`\`
`;

/** The attributes of every `<halo-snippet>` of `html`, entities decoded. */
function snippetsOf(html: string): Record<string, string>[] {
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<halo-snippet(?: v-pre)?([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, decode(value ?? '')])),
  );
}

/** The hast `<halo-snippet>` elements of the remark pipeline Astro and Docusaurus (MDX) run. */
function remarkSnippets(markdown: string): Element[] {
  const processor = unified().use(remarkParse).use(remarkHalo).use(remarkRehype);
  const tree = processor.runSync(processor.parse(markdown));
  return tree.children.filter((node): node is Element => node.type === 'element' && node.tagName === 'halo-snippet');
}

test('markdown-it: every form in attributes, the halo block kept with its language alone, the others dropped', () => {
  const html = markdownit().use(markdownItHalo).render(PAGE);
  const [list, clear] = snippetsOf(html);
  expect(JSON.parse(list['data-files'])).toEqual([
    { name: 'main.ts', hidden: true, code: expect.stringContaining('// @halo-cell') as string },
    { name: 'store.ts', code: 'export const limit = 3;' },
    { name: 'main.ts', page: true, code: "app.get('/todos', () => todos);\n// {{ not Vue }} </script> <b>" },
  ]);
  expect(list).toMatchObject({ id: 'list', request: 'GET /todos HTTP/1.1', editable: '', 'time-limit': '10' });
  expect(JSON.parse(list['data-requests'])).toEqual(['POST /todos\ncontent-type: application/json\n\n{"title":"milk"}']);
  expect(JSON.parse(list.checks)).toHaveLength(1);
  expect(clear['depends-on']).toBe('list');
  expect(JSON.parse(clear['data-files'])).toEqual([
    { name: 'main.ts', page: true, code: "app.delete('/todos', () => (todos.length = 0));" },
  ]);
  // Two blocks on the page (the halo ones), each followed by its snippet; no <script> child anywhere.
  expect(html.match(/<pre><code class="language-ts">/g)).toHaveLength(2);
  expect(
    markdownit({ highlight: (_code, _lang, attrs) => `<pre>${attrs}</pre>` })
      .use(markdownItHalo)
      .render(PAGE),
  ).toContain('<pre>{2}</pre>');
  expect(html.replace(/<halo-snippet[^>]*>/g, '')).not.toMatch(/<script|halo-setup|halo-request|import \{ App/);
  expect(html).toContain(`<span>${FALLBACK_TEXT.replace(/'/g, "'")}</span></halo-snippet>`);
});

test('remark gives the same snippets, with the fallback line as their one child', () => {
  const fromIt = snippetsOf(markdownit().use(markdownItHalo).render(PAGE));
  const fromRemark = remarkSnippets(PAGE).map((element) => {
    expect(element.children).toEqual([expect.objectContaining({ tagName: 'span' })]);
    return Object.fromEntries(Object.entries(element.properties).map(([name, value]) => [name, value === true ? '' : String(value)]));
  });
  expect(fromRemark).toEqual(fromIt);
});

test('mistakes are named at build time: an unknown attribute, setup with no halo block after it, checks that are not JSON', () => {
  const render = (markdown: string) => () => markdownit().use(markdownItHalo).render(markdown);
  expect(render('```ts halo colour=red\nx\n```')).toThrow(/"colour" is not a snippet attribute/);
  expect(render('```ts halo-setup\nx\n```')).toThrow(/must come before a halo block/);
  expect(render('```http halo-request\nGET /\n```')).toThrow(/must come after the halo block/);
  expect(render('```ts halo\nx\n```\n\n```json halo-checks\n[nope\n```')).toThrow(/halo-checks block must hold JSON/);
  expect(() => remarkSnippets('```ts halo colour=red\nx\n```')).toThrow(/halo\/remark: "colour"/);
});

test('a block marked only halo is a plain block on the page', () => {
  const html = markdownit().use(markdownItHalo).render('```halo request=/x\nx\n```');
  expect(html).toMatch(/^<pre><code>x\n<\/code><\/pre>\n<halo-snippet v-pre request="\/x"/);
});
