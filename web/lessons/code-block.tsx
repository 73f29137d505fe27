import { useDeferredValue, useMemo } from 'react';
import { highlightCode } from '../editor/highlight-code.ts';

// The kinds of highlight-code.ts (Monaco's token names); AA on both themes' code background.
const COLORS: Record<string, string> = {
  keyword: 'text-purple-800 dark:text-purple-300',
  string: 'text-green-800 dark:text-green-300',
  comment: 'italic text-slate-600 dark:text-slate-400',
  number: 'text-orange-800 dark:text-orange-300',
  regexp: 'text-red-800 dark:text-red-300',
  type: 'text-teal-800 dark:text-teal-300',
};

// JSON is highlighted as JavaScript, as the editor's grammars would.
const HIGHLIGHTED = new Set(['ts', 'typescript', 'js', 'javascript', 'json']);

/** A code block of the lesson text; TypeScript and JSON are highlighted as React text nodes (no HTML strings). */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  // Without Monaco, and deferred: the lesson's text paints first (plain code, as a static render shows it).
  const highlighted = useDeferredValue(HIGHLIGHTED.has(language), false);
  const lines = useMemo(() => (highlighted ? highlightCode(code) : null), [highlighted, code]);
  return (
    <pre
      className="my-2 overflow-x-auto rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs leading-relaxed dark:border-slate-700 dark:bg-slate-950"
      data-language={language || undefined}
      // Wide code scrolls sideways in the narrow lesson pane; focus lets keyboard users scroll it.
      tabIndex={0}
      aria-label={`Code example${language ? ` (${language})` : ''}`}
    >
      <code>
        {lines
          ? lines.map((runs, row) => (
              <span key={row}>
                {runs.map((run, i) => (
                  <span key={i} className={COLORS[run.kind]}>
                    {run.text}
                  </span>
                ))}
                {row < lines.length - 1 ? '\n' : null}
              </span>
            ))
          : code}
      </code>
    </pre>
  );
}
