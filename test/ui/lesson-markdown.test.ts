import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LessonMarkdown } from '../../web/lesson/lesson-markdown.tsx';
import { lessons } from '../../web/lessons/catalog.ts';
import { markdownToTree } from '../../web/lessons/markdown-to-tree.ts';
import type { LessonNode } from '../../web/lessons/lesson-tree.ts';

const renderTree = (text: LessonNode[]) => renderToStaticMarkup(createElement(LessonMarkdown, { text }));
const render = (markdown: string) => renderTree(markdownToTree(markdown));

describe('the lesson text', () => {
  it('drops raw HTML and neutralizes javascript: links', () => {
    const html = render('Hi <script>alert(1)</script><img src=x onerror="alert(2)">\n\n<div onclick="x()">block</div>\n\n[click](javascript:alert(3))');
    expect(html).not.toMatch(/<script|<img|onerror|onclick|block|javascript:/i);
    expect(html).toContain('click');
  });

  it('renders GitHub tables, code blocks with their language, and inline code as text', () => {
    const html = render('| a | b |\n|---|---|\n| `<x>` | 2 |\n\n```ts\nconst a = 1;\n```');
    expect(html).toContain('<table');
    expect(html).toContain('&lt;x&gt;');
    expect(html).toMatch(/<pre[^>]*data-language="ts"[^>]*><code>const a = 1;<\/code><\/pre>/);
  });

  it('renders every lesson without raw HTML', () => {
    for (const lesson of lessons) {
      const html = renderTree(lesson.text);
      expect(html, lesson.id).toContain('<h2');
      expect(html, lesson.id).not.toMatch(/<script|<iframe|<img/i);
    }
  });
});
