import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { ElementContent } from 'hast';
import { CodeBlock } from './code-block.tsx';

function textOf(nodes: ElementContent[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '')).join('');
}

// Tailwind resets element styles, so the lesson text gets its typography here.
const components: Components = {
  h1: ({ node: _node, ...props }) => <h2 className="mt-1 mb-2 text-lg font-bold" {...props} />,
  h2: ({ node: _node, ...props }) => <h3 className="mt-4 mb-1 text-base font-semibold" {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-3 mb-1 font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="my-2" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal pl-5" {...props} />,
  a: ({ node: _node, ...props }) => <a className="text-blue-700 underline dark:text-blue-300" target="_blank" rel="noreferrer noopener" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table className="border-collapse text-xs" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border border-slate-300 px-1.5 py-0.5 text-left dark:border-slate-600" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border border-slate-300 px-1.5 py-0.5 dark:border-slate-600" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="my-2 border-l-4 border-slate-300 pl-3 dark:border-slate-600" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-slate-100 px-1 font-mono text-[0.9em] dark:bg-slate-800" {...props} />,
  pre: ({ node }) => {
    const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
    if (code?.type !== 'element') return null;
    const classes = code.properties.className;
    const language = (Array.isArray(classes) ? classes.map(String) : []).find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    return <CodeBlock code={textOf(code.children).replace(/\n$/, '')} language={language} />;
  },
};

// Lessons use GitHub's tables.
const REMARK_PLUGINS = [remarkGfm];

/** A lesson's Markdown as React elements; raw HTML in the source is dropped, never injected. */
export function LessonMarkdown({ markdown }: { markdown: string }) {
  return (
    <div>
      <Markdown components={components} remarkPlugins={REMARK_PLUGINS} skipHtml>
        {markdown}
      </Markdown>
    </div>
  );
}
