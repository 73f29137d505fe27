import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LessonMarkdown } from '../../web/lessons/lesson-markdown.tsx';
import { lessons, lessonText } from '../../web/lessons/course/catalog.ts';
import { markdownToTree } from '../../runtime/build/markdown-to-tree.ts';
import type { LessonNode } from '../../runtime/contract/lesson-tree.ts';
import { EngineProvider } from '../../web/engine/engine-context.tsx';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { requestOfHttpBlock, requestsOfHttpSummary } from '../../web/lessons/course/http-block.ts';
import { FakeEngine } from './fake-engine.ts';
import { createPlaygroundState } from '../../web/playground-state.ts';
import { PlaygroundStateProvider } from '../../web/state/state-context.tsx';

const engine = new FakeEngine();
const session = new ProgramSession(engine);
const state = createPlaygroundState({ storage: undefined, location: { search: '' } });
const renderTree = (text: LessonNode[]) =>
  renderToStaticMarkup(
    createElement(PlaygroundStateProvider, {
      state,
      children: createElement(EngineProvider, { engine, session, children: createElement(LessonMarkdown, { text }) }),
    }),
  );
const render = (markdown: string) => renderTree(markdownToTree(markdown));

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

  it('gives TypeScript blocks "Put in editor" and "Insert at cursor", a one-request http block "Send", a summary one Send per line, other blocks nothing', () => {
    const buttons = (markdown: string) => [...render(markdown).matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons('```ts\nconst a = 1;\n```')).toEqual(['Put in editor', 'Insert at cursor']);
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

  it('renders lesson links as in-page links and api: links as links that open the reference', () => {
    const html = render('[lesson 2](?lesson=02-routes-and-methods), [`app.use`](api:App.use) and [MDN](https://developer.mozilla.org/)');
    expect(html).toContain('href="?lesson=02-routes-and-methods"');
    expect(html).toMatch(/<a href="#"[^>]*aria-label="app.use \(API reference\)"[^>]*><code[^>]*>app.use<\/code><\/a>/);
    expect(html).toMatch(/<a href="https:\/\/developer.mozilla.org\/"[^>]*target="_blank"/);
  });

  it('renders every lesson without raw HTML', async () => {
    for (const lesson of lessons) {
      const html = renderTree(await lessonText(lesson));
      expect(html, lesson.id).toContain('<h2');
      expect(html, lesson.id).not.toMatch(/<script|<iframe|<img/i);
    }
  });
});
