import { useEffect, useMemo, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { useFiles } from '../state/files-store.ts';
import { useLayout } from '../state/layout-store.ts';
import { useStore } from '../state/store.ts';
import { useResolvedTheme } from '../layout/theme.ts';
import { useSession } from '../engine/engine-context.tsx';
import { highlightCode, type CodeRun, type TokenKind } from './highlight-code.ts';
import { attachPlaceholder } from './editor-bridge.ts';
import {
  EDITOR_FONT_FAMILY,
  EDITOR_FONT_FEATURES,
  LINE_NUMBER_DIGITS,
  editorContentLeft,
  editorFontSize,
  editorLineHeight,
} from './editor-metrics.ts';

/** A colour for each kind of token, the background and the line numbers. */
type Palette = Record<TokenKind | 'background' | 'lineNumbers', string>;

/** The colours of Monaco's `vs` and `vs-dark` themes (as monaco-setup.ts adjusts them) for what the placeholder shows. */
const PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    background: '#fffffe',
    lineNumbers: '#237893',
    plain: '#000000',
    keyword: '#0000ff',
    type: '#008080',
    string: '#a31515',
    comment: '#008000',
    number: '#098658',
    regexp: '#800000',
  },
  dark: {
    background: '#1e1e1e',
    lineNumbers: '#a0a0a0',
    plain: '#d4d4d4',
    keyword: '#569cd6',
    type: '#3dc9b0',
    string: '#ce9178',
    comment: '#7ca668',
    number: '#b5cea8',
    regexp: '#b46695',
  },
};

/**
 * The open file as the editor will show it, shown and editable before Monaco (most of the page's
 * JavaScript) has loaded: the code highlighted under a transparent `<textarea>` that takes the typing.
 * Line numbers, font, line height and the code's left edge are Monaco's (editor-metrics.ts), so the
 * editor replaces it in place; edits go to the files store like the editor's, and when the editor mounts
 * it takes the caret, selection, scroll position and focus from `textareaRef` (editor-takeover.ts).
 */
export function CodePlaceholder({ textareaRef }: { textareaRef: RefObject<HTMLTextAreaElement | null> }) {
  const { activeFile, filesStore, setFile } = useFiles();
  const file = useStore(filesStore, activeFile);
  const code = useStore(filesStore, (s) => s.files[activeFile(s)] ?? '');
  const largeText = useStore(useLayout().layoutStore, (s) => s.largeText);
  const palette = PALETTES[useResolvedTheme()];
  const session = useSession();
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const lines = useMemo(() => highlightCode(code), [code]);
  // "Skip to code", a lesson's "Put in editor" and the file list's focus moves reach it like the editor.
  useEffect(() => {
    attachPlaceholder(textareaRef.current);
    return () => attachPlaceholder(null);
  }, [textareaRef]);
  const fontSize = editorFontSize(largeText);
  const lineHeight = editorLineHeight(fontSize);
  const runOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    void session.compileNow(filesStore.get().files);
  };
  return (
    <div
      data-testid="code-placeholder"
      className="absolute inset-0 overflow-hidden whitespace-pre"
      style={{
        fontFamily: EDITOR_FONT_FAMILY,
        fontFeatureSettings: EDITOR_FONT_FEATURES,
        fontSize,
        lineHeight: `${lineHeight}px`,
        letterSpacing: 0,
        tabSize: 2,
        background: palette.background,
        color: palette.plain,
      }}
    >
      <LineNumbers count={lines.length} lineHeight={lineHeight} color={palette.lineNumbers} top={scroll.top} />
      <div className="absolute inset-y-0 right-0 overflow-hidden" style={{ left: editorContentLeft() }}>
        <HighlightedLines lines={lines} lineHeight={lineHeight} palette={palette} scroll={scroll} />
        <textarea
          ref={textareaRef}
          aria-label={`Program editor, ${file} (plain text until the editor has loaded)`}
          className="absolute inset-0 m-0 resize-none overflow-auto border-0 bg-transparent p-0 whitespace-pre outline-none"
          style={{ ...TEXTAREA_STYLE, caretColor: palette.plain }}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          value={code}
          onChange={(event) => setFile(file, event.target.value)}
          onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, left: event.currentTarget.scrollLeft })}
          onKeyDown={runOnCtrlEnter}
        />
      </div>
    </div>
  );
}

/** The text area's own look: the placeholder's font, its text transparent over the highlighted lines. */
const TEXTAREA_STYLE: CSSProperties = {
  font: 'inherit',
  fontFeatureSettings: 'inherit',
  letterSpacing: 0,
  tabSize: 2,
  color: 'transparent',
};

/** The gutter's line numbers, `top` pixels scrolled up with the code. */
function LineNumbers({ count, lineHeight, color, top }: { count: number; lineHeight: number; color: string; top: number }) {
  return (
    <div
      aria-hidden
      className="absolute top-0 text-right select-none"
      style={{ left: 0, width: `${LINE_NUMBER_DIGITS}ch`, color, transform: `translateY(${-top}px)` }}
    >
      {Array.from({ length: count }, (_, row) => (
        <div key={row} style={{ height: lineHeight }}>
          {row + 1}
        </div>
      ))}
    </div>
  );
}

interface HighlightedLinesProps {
  lines: CodeRun[][];
  lineHeight: number;
  palette: Palette;
  scroll: { top: number; left: number };
}

/** The code coloured as the editor colours it, under the text area and scrolled with it. */
function HighlightedLines({ lines, lineHeight, palette, scroll }: HighlightedLinesProps) {
  return (
    <div aria-hidden data-testid="code-placeholder-lines" style={{ transform: `translate(${-scroll.left}px, ${-scroll.top}px)` }}>
      {lines.map((runs, row) => (
        <div key={row} style={{ height: lineHeight }}>
          {runs.map((run, index) => (
            <span key={index} style={{ color: palette[run.kind] }}>
              {run.text}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
