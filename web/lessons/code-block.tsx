import { useEffect, useState } from 'react';
import { monacoMayLoad } from '../editor/monaco-gate.ts';

/** One highlighted run of characters. */
interface Run {
  text: string;
  type: string;
}

// Monaco's tokenizer names (`keyword.ts`, `string.key.json`…) by their first segment; AA on both themes' code background.
const COLORS: Record<string, string> = {
  keyword: 'text-purple-800 dark:text-purple-300',
  string: 'text-green-800 dark:text-green-300',
  comment: 'italic text-slate-600 dark:text-slate-400',
  number: 'text-orange-800 dark:text-orange-300',
  regexp: 'text-red-800 dark:text-red-300',
  type: 'text-teal-800 dark:text-teal-300',
};

// JSON is highlighted as JavaScript: the editor only bundles the TypeScript and JavaScript grammars.
const LANGUAGES: Record<string, string> = { ts: 'typescript', typescript: 'typescript', js: 'javascript', javascript: 'javascript', json: 'javascript' };

async function tokenize(code: string, language: string): Promise<Run[][]> {
  // The lesson pane shares Monaco's lazily loaded chunk with the editor instead of adding a highlighter.
  await monacoMayLoad();
  const { monaco } = await import('../editor/monaco-setup.ts');
  // colorize waits for the language's tokenizer to load; tokenize alone would return plain text before that.
  await monaco.editor.colorize(' ', language, {});
  const lines = code.split('\n');
  return monaco.editor.tokenize(code, language).map((tokens, row) =>
    tokens.map((token, index) => ({
      text: lines[row].slice(token.offset, tokens[index + 1]?.offset ?? lines[row].length),
      type: token.type.split('.')[0],
    })),
  );
}

/** A code block of the lesson text; TypeScript and JSON are highlighted as React text nodes (no HTML strings). */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const monacoLanguage = LANGUAGES[language];
  const [lines, setLines] = useState<Run[][] | null>(null);
  useEffect(() => {
    if (!monacoLanguage) return;
    let live = true;
    tokenize(code, monacoLanguage).then(
      (result) => live && setLines(result),
      () => undefined, // Unhighlighted code is still correct code.
    );
    return () => {
      live = false;
    };
  }, [code, monacoLanguage]);
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
                  <span key={i} className={COLORS[run.type]}>
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
