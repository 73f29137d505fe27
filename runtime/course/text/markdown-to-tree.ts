import type { Element, ElementContent } from 'hast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { LessonElement, LessonNode } from '../format/lesson-tree.ts';
import { classifyHref } from './lesson-links.ts';

/** Tags the lesson text may contain; anything else is dropped with its content (raw HTML never gets this far). */
const ALLOWED = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'em',
  'strong',
  'del',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
]);

// remark-rehype drops raw HTML unless told otherwise, so no `html` node reaches the tree.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** Parses lesson Markdown (GitHub flavour) into the tree the page renders. Runs at build time and in tests. */
export function markdownToTree(markdown: string): LessonNode[] {
  const hast = processor.runSync(processor.parse(markdown));
  return convert(hast.children as ElementContent[]);
}

function convert(nodes: ElementContent[]): LessonNode[] {
  const out: LessonNode[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value);
    else if (node.type === 'element' && ALLOWED.has(node.tagName)) out.push(element(node));
  }
  return out;
}

function element(node: Element): LessonElement {
  const props: Record<string, string | number> = {};
  const p = node.properties;
  if (node.tagName === 'a') {
    // The build refuses other targets (lesson-links.ts); a test's Markdown may still hold one, which goes nowhere.
    const target = classifyHref(typeof p.href === 'string' ? p.href : '');
    if (target.kind === 'web') props.href = target.href;
    else if (target.kind === 'lesson') props.lesson = target.id;
    else if (target.kind === 'api') props.api = target.id;
    else props.href = '#';
  }
  if (node.tagName === 'code') {
    const language = (Array.isArray(p.className) ? p.className.map(String) : []).find((c) => c.startsWith('language-'));
    if (language) props.language = language.slice('language-'.length);
    // The info string after the language: ```ts title=todos.ts names the file the code belongs in.
    const file = /(?:^|\s)title=([\w./-]+)/.exec(String(node.data?.meta ?? ''));
    if (file) props.file = file[1];
  }
  if ((node.tagName === 'td' || node.tagName === 'th') && typeof p.align === 'string') props.align = p.align;
  if (node.tagName === 'ol' && typeof p.start === 'number') props.start = p.start;
  if (node.tagName === 'input') props.checked = p.checked ? 1 : 0;
  const result: LessonElement = { tag: node.tagName };
  if (Object.keys(props).length > 0) result.props = props;
  const children = convert(node.children);
  if (children.length > 0) result.children = children;
  return result;
}
