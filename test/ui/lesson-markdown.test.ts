import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LessonMarkdown } from '../../web/lessons/lesson-markdown.tsx';
import { builtCourse } from '../support/built-course.ts';
import { markdownToTree } from '../../runtime/course/text/markdown-to-tree.ts';
import type { LessonNode } from '../../runtime/course/format/lesson-tree.ts';
import { EngineProvider } from '../../web/engine/engine-context.tsx';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { requestOfHttpBlock, requestsOfHttpSummary, summaryLinesOf } from '../../web/lessons/course/http-block.ts';
import { FakeEngine } from './fake-engine.ts';
import { createPlaygroundState } from '../../web/playground-state.ts';
import { PlaygroundStateProvider } from '../../web/state/state-context.tsx';

const { lessonText, lessons } = builtCourse;

const engine = new FakeEngine();
const session = new ProgramSession(engine);
const state = createPlaygroundState({ storage: undefined, location: { search: '' }, course: builtCourse });
const renderTree = (text: LessonNode[]) =>
  renderToStaticMarkup(
    createElement(PlaygroundStateProvider, {
      state,
      children: createElement(EngineProvider, { engine, session, children: createElement(LessonMarkdown, { text }) }),
    }),
  );
const render = (markdown: string) => renderTree(markdownToTree(markdown));
const textOfNodes = (nodes: LessonNode[]): string =>
  nodes.map((node) => (typeof node === 'string' ? node : textOfNodes(node.children ?? []))).join('');

describe('the lesson text', () => {
  it('drops raw HTML and neutralizes javascript: links', () => {
    const html = render(
      'Hi <script>alert(1)</script><img src=x onerror="alert(2)">\n\n<div onclick="x()">block</div>\n\n[click](javascript:alert(3))',
    );
    expect(html).not.toMatch(/<script|<img|onerror|onclick|block|javascript:/i);
    expect(html).toContain('click');
  });

  it('renders GitHub tables, code blocks with their language, and inline code as text', () => {
    const html = render('| a | b |\n|---|---|\n| `<x>` | 2 |\n\n```ts\nconst a = 1;\n```');
    expect(html).toContain('<table');
    expect(html).toContain('&lt;x&gt;');
    expect(html).toMatch(/<pre[^>]*data-language="ts"[^>]*><code>const a = 1;<\/code><\/pre>/);
  });

  it('gives a whole program "Put in editor", every TypeScript block "Insert at cursor" and "Copy", a one-request http block "Send", a summary one Send per line, other blocks nothing', () => {
    const buttons = (markdown: string) => [...render(markdown).matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    const program = "import { App, AppHttp } from 'halo';\nconst app = new App();\nawait new AppHttp(app).startServer('localhost', 3000);";
    expect(buttons(`\`\`\`ts\n${program}\n\`\`\``)).toEqual(['Put in editor', 'Insert at cursor', 'Copy']);
    // Fragments: no startServer, or no program of their own around it.
    expect(buttons('```ts\nconst a = 1;\n```')).toEqual(['Insert at cursor', 'Copy']);
    expect(buttons("```ts\nwebsocket(app);\nawait new AppHttp(app).startServer('localhost', 3000);\n```")).toEqual([
      'Insert at cursor',
      'Copy',
    ]);
    // A block named after a file of its own is that whole file.
    expect(buttons('```ts title=todos.service.ts\nexport class Todos {}\n```')).toEqual(['Put in editor', 'Insert at cursor', 'Copy']);
    // A line that is not a request costs only its own Send.
    expect(buttons('```http\nGET /a   → 200\nsee below\nPOST /b {"x":1} → 201\n```')).toEqual(['Send GET /a', 'Send POST /b']);
    expect(buttons('```http\nPOST /todos\ncontent-type: application/json\n\n{"text":"Buy milk"}\n```')).toEqual(['Send']);
    expect(buttons('```http\nHTTP/1.1 200 OK\n\nHello\n```')).toEqual([]);
    expect(buttons('```http\nGET /a   → 200\nGET /b   → 404\n```')).toEqual(['Send GET /a', 'Send GET /b']);
    expect(buttons('```console\nnpm start\n```')).toEqual([]);
  });

  it('reads the request of an http block: method, path, headers and body', () => {
    expect(requestOfHttpBlock('POST /todos\ncontent-type: application/json\n\n{"text":"Buy milk"}')).toEqual({
      method: 'POST',
      path: '/todos',
      headers: { 'content-type': 'application/json' },
      bodyType: 'text',
      body: '{"text":"Buy milk"}',
    });
    expect(requestOfHttpBlock('POST /greet\ncontent-type: application/x-www-form-urlencoded\n\nname=Ada&x=1')).toMatchObject({
      bodyType: 'form',
      body: { name: 'Ada', x: '1' },
    });
    expect(requestOfHttpBlock('GET /headers\nX-Favourite-Color: teal')).toEqual({
      method: 'GET',
      path: '/headers',
      headers: { 'X-Favourite-Color': 'teal' },
    });
    expect(requestOfHttpBlock('GET /a (with a header)')).toBeNull();
    // A summary of several requests: one Send per line; anything else in the block means none.
    expect(requestsOfHttpSummary('POST /lamp          → 200 Switched on.\nGET /lamps  → 404, empty body\n')).toEqual([
      { method: 'POST', path: '/lamp' },
      { method: 'GET', path: '/lamps' },
    ]);
    expect(requestsOfHttpSummary('POST /lamp → 200\nHTTP/1.1 200 OK')).toEqual([]);
    expect(requestsOfHttpSummary('HTTP/1.1 200 OK\ncontent-type: text/plain')).toEqual([]);
  });

  it('reads summary lines with a JSON body and a note, and sends the body', () => {
    expect(
      summaryLinesOf(
        'POST /todos {"title":"x"} → 201 Created\nGET /todos/0 (the one just made) → 200\nPUT /todos/0 { "title": "y", "done": true }   (replaces)\nGET /a b → 200',
      ),
    ).toEqual([
      { text: 'POST /todos {"title":"x"} → 201 Created', request: { method: 'POST', path: '/todos', body: { title: 'x' } } },
      { text: 'GET /todos/0 (the one just made) → 200', request: { method: 'GET', path: '/todos/0' } },
      {
        text: 'PUT /todos/0 { "title": "y", "done": true }   (replaces)',
        request: { method: 'PUT', path: '/todos/0', body: { title: 'y', done: true } },
      },
      { text: 'GET /a b → 200', request: null },
    ]);
    // A response block has no request line, whatever its body looks like.
    expect(summaryLinesOf('HTTP/1.1 200 OK\n\nGET /x').map((line) => line.request)).toEqual([null, null]);
    const html = render('```http\nPOST /todos {"title":"x"} → 201\n```');
    expect(html).toContain('aria-label="Send POST /todos"');
  });

  it('renders lesson links as in-page links and api: links as links that open the reference', () => {
    const html = render('[lesson 2](?lesson=02-routes-and-methods), [`app.use`](api:App.use) and [MDN](https://developer.mozilla.org/)');
    expect(html).toContain('href="?lesson=02-routes-and-methods"');
    expect(html).toMatch(/<a href="#"[^>]*aria-label="app.use \(API reference\)"[^>]*><code[^>]*>app.use<\/code><\/a>/);
    expect(html).toMatch(/<a href="https:\/\/developer.mozilla.org\/"[^>]*target="_blank"/);
  });

  it("gives every request line of every lesson's http blocks a Send; lesson 9 puts its todo before it patches it", async () => {
    const httpBlocks = (nodes: LessonNode[]): string[] =>
      nodes.flatMap((node) => {
        if (typeof node === 'string') return [];
        const code = node.tag === 'pre' ? node.children?.find((child) => typeof child !== 'string' && child.tag === 'code') : undefined;
        if (code && typeof code !== 'string' && code.props?.language === 'http')
          return [textOfNodes(code.children ?? []).replace(/\n$/, '')];
        return httpBlocks(node.children ?? []);
      });
    const sendButtons = (code: string) => [...render(`\`\`\`http\n${code}\n\`\`\``).matchAll(/<button[^>]*>Send[^<]*<\/button>/g)].length;
    let requests = 0;
    for (const lesson of lessons) {
      const blocks = httpBlocks(await lessonText(lesson));
      for (const code of blocks) {
        if (/^HTTP\/\d/.test(code)) continue;
        const lines = requestOfHttpBlock(code) ? [code.split('\n')[0]] : summaryLinesOf(code).map((line) => line.text);
        const unsendable = requestOfHttpBlock(code) ? [] : summaryLinesOf(code).filter((line) => line.request === null);
        expect(unsendable.map((line) => `${lesson.id}: ${line.text}`)).toEqual([]);
        expect(sendButtons(code), `${lesson.id}:\n${code}`).toBe(lines.length);
        requests += lines.length;
      }
      if (lesson.id === '09-modify-vs-update') {
        const first = (start: string) => blocks.findIndex((code) => code.startsWith(start));
        expect(first('PUT /todos/sweep')).toBeGreaterThanOrEqual(0);
        expect(first('PUT /todos/sweep')).toBeLessThan(first('PATCH /todos/sweep'));
      }
    }
    expect(requests).toBeGreaterThan(30);
  });

  it('renders every lesson without raw HTML', async () => {
    for (const lesson of lessons) {
      const html = renderTree(await lessonText(lesson));
      expect(html, lesson.id).toContain('<h2');
      expect(html, lesson.id).not.toMatch(/<script|<iframe|<img/i);
    }
  });
});
