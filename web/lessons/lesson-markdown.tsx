import { createElement, type ReactNode } from 'react';
import type { LessonElement, LessonNode } from '../../runtime/course/format/lesson-tree.ts';
import { CodeBlock } from './code-block.tsx';
import { CodeActions } from './code-actions.tsx';
import { useGoTo } from './use-go-to.ts';
import { useApiPanel } from '../api/api-panel-store.ts';

const LINK = 'text-blue-700 underline dark:text-blue-300';

/** A link into the API reference, inline in the sentence like the others (it opens a page of the reference). */
function ApiLink({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { openApiReference } = useApiPanel();
  return (
    <a href="#" className={LINK} onClick={(event) => (event.preventDefault(), openApiReference(id))} aria-label={`${label} (API reference)`}>
      {children}
    </a>
  );
}

/** A link to another lesson: opens it in place, as the lesson list does (a plain click would reload the page). */
function LessonLink({ id, children }: { id: string; children: ReactNode }) {
  const goTo = useGoTo();
  return (
    <a href={`?lesson=${encodeURIComponent(id)}`} className={LINK} onClick={(event) => (event.preventDefault(), goTo(id))}>
      {children}
    </a>
  );
}

// Tailwind resets element styles, so the lesson text gets its typography here. Headings move one level
// down: the page's own heading is the lesson title.
const STYLES: Record<string, [tag: string, className?: string]> = {
  h1: ['h2', 'mt-1 mb-2 text-lg font-bold'],
  h2: ['h3', 'mt-4 mb-1 text-base font-semibold'],
  h3: ['h4', 'mt-3 mb-1 font-semibold'],
  h4: ['h5', 'mt-3 mb-1 font-semibold'],
  h5: ['h6', 'mt-3 mb-1 font-semibold'],
  h6: ['h6', 'mt-3 mb-1 font-semibold'],
  p: ['p', 'my-2'],
  ul: ['ul', 'my-2 list-disc pl-5'],
  ol: ['ol', 'my-2 list-decimal pl-5'],
  blockquote: ['blockquote', 'my-2 border-l-4 border-slate-300 pl-3 dark:border-slate-600'],
  code: ['code', 'rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800'],
  th: ['th', 'border border-slate-300 px-1.5 py-0.5 text-left dark:border-slate-600'],
  td: ['td', 'border border-slate-300 px-1.5 py-0.5 dark:border-slate-600'],
};

function textOf(nodes: LessonNode[] = []): string {
  return nodes.map((node) => (typeof node === 'string' ? node : textOf(node.children))).join('');
}

function renderElement(node: LessonElement, key: number): ReactNode {
  const children = node.children?.map(renderNode);
  const props = node.props ?? {};
  switch (node.tag) {
    case 'pre': {
      const code = node.children?.find((child): child is LessonElement => typeof child !== 'string' && child.tag === 'code');
      if (!code) return null;
      const text = textOf(code.children).replace(/\n$/, '');
      const language = String(code.props?.language ?? '');
      const file = typeof code.props?.file === 'string' ? code.props.file : undefined;
      return (
        <div key={key}>
          <CodeBlock code={text} language={language} />
          <CodeActions code={text} language={language} file={file} />
        </div>
      );
    }
    case 'a':
      if (typeof props.lesson === 'string') return <LessonLink key={key} id={props.lesson}>{children}</LessonLink>;
      if (typeof props.api === 'string') {
        return <ApiLink key={key} id={props.api} label={textOf(node.children)}>{children}</ApiLink>;
      }
      // The tree only carries safe targets (checked at build time); the page still refuses script URLs.
      return (
        <a key={key} href={/^\s*javascript:/i.test(String(props.href)) ? '#' : String(props.href)} className={LINK} target="_blank" rel="noreferrer noopener">
          {children}
        </a>
      );
    case 'table':
      return (
        <div key={key} className="my-2 overflow-x-auto">
          <table className="border-collapse text-xs">{children}</table>
        </div>
      );
    case 'input':
      return <input key={key} type="checkbox" checked={props.checked === 1} disabled readOnly />;
    case 'ol':
      return (
        <ol key={key} className={STYLES.ol[1]} start={typeof props.start === 'number' ? props.start : undefined}>
          {children}
        </ol>
      );
    default: {
      const [tag, className] = STYLES[node.tag] ?? [node.tag];
      const align = typeof props.align === 'string' ? { textAlign: props.align as 'left' | 'center' | 'right' } : undefined;
      return createElement(tag, { key, className, style: align }, children);
    }
  }
}

function renderNode(node: LessonNode, key: number): ReactNode {
  return typeof node === 'string' ? node : renderElement(node, key);
}

/** A lesson's text (parsed from Markdown at build time) as React elements; nothing is injected as HTML. */
export function LessonMarkdown({ text }: { text: LessonNode[] }) {
  return <div>{text.map(renderNode)}</div>;
}
