import { memo, useEffect, useMemo, useRef } from 'react';
import type { ConsoleEntry } from '../../runtime/contract/engine-api.ts';
import { useStore } from '../state/store.ts';
import { useFiles } from '../state/files-store.ts';
import { revealInEditor } from './editor-bridge.ts';
import { entryKey, entryLocation, findLocation, isStackFrame, messageWithoutStack, useConsole } from './console-store.ts';

const LEVEL_COLOURS: Record<ConsoleEntry['level'], string> = {
  log: 'text-slate-700 dark:text-slate-300',
  info: 'text-blue-800 dark:text-blue-300',
  debug: 'text-slate-600 dark:text-slate-400',
  warn: 'text-amber-800 dark:text-amber-300',
  error: 'text-red-700 dark:text-red-400',
};

/** `HH:MM:SS.mmm` in local time. */
function formatClock(time: number): string {
  const d = new Date(time);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** A stack line; frames in the learner's files become buttons that jump to the line. */
function StackLine({ line, files }: { line: string; files: string[] }) {
  const filesPart = useFiles();
  const location = findLocation(line, files);
  if (!location) return <div>{line}</div>;
  return (
    <div>
      <button
        type="button"
        className="line-link text-left underline"
        onClick={() => revealInEditor(filesPart, location.line, location.column, location.file)}
      >
        {line.trim()}
      </button>
    </div>
  );
}

/** The frames of a stack, the learner's shown and the framework's folded away: they are rarely the cause. */
function Stack({ stack, files }: { stack: string; files: string[] }) {
  // The heading (`Error: boom`) is already in the entry's message.
  const lines = stack.split('\n').filter(isStackFrame);
  const isOtherFrame = (line: string) => !findLocation(line, files);
  const shown = lines.filter((line) => !isOtherFrame(line));
  const folded = lines.filter(isOtherFrame);
  return (
    <div className="ml-24 whitespace-pre-wrap text-slate-700 dark:text-slate-300">
      {shown.map((line, i) => (
        <StackLine key={i} line={line} files={files} />
      ))}
      {folded.length > 0 && (
        <details>
          <summary className="cursor-pointer">
            {folded.length} framework frame{folded.length === 1 ? '' : 's'}
          </summary>
          {folded.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </details>
      )}
    </div>
  );
}

const Entry = memo(function Entry({ entry, files }: { entry: ConsoleEntry; files: string[] }) {
  const filesPart = useFiles();
  const location = entryLocation(entry, files);
  return (
    <li className={`border-b border-slate-100 px-2 py-0.5 dark:border-slate-800 ${LEVEL_COLOURS[entry.level]}`}>
      <div className="flex gap-2">
        <time className="shrink-0 text-slate-600 dark:text-slate-400">{formatClock(entry.time)}</time>
        <span className="w-10 shrink-0 font-semibold uppercase">{entry.level}</span>
        <span className="flex-1 whitespace-pre-wrap break-words">{messageWithoutStack(entry)}</span>
        {location && (
          <button
            type="button"
            className="line-link shrink-0 underline"
            onClick={() => revealInEditor(filesPart, location.line, location.column, location.file)}
          >
            {location.file}:{location.line}
          </button>
        )}
      </div>
      {entry.stack && <Stack stack={entry.stack} files={files} />}
    </li>
  );
});

/** The program's console output with levels, timestamps and clickable stack frames. */
export function ConsolePane() {
  const { filesStore } = useFiles();
  const { consoleStore } = useConsole();
  const entries = useStore(consoleStore, (s) => s.entries);
  const fileMap = useStore(filesStore, (s) => s.files);
  // Same array while the file names stay the same, so memoized lines do not re-render on every keystroke.
  const names = Object.keys(fileMap).join('\n');
  const files = useMemo(() => names.split('\n'), [names]);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // The pane scrolls itself to the newest line: scrollIntoView would also move Chromium's Tab starting point
    // here, so a newcomer's first Tab would skip the skip links.
    const scroller = scrollingAncestor(list.current);
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [entries]);
  if (entries.length === 0)
    return <p className="p-2 text-sm text-slate-700 dark:text-slate-300">The program's console output appears here.</p>;
  return (
    <ol ref={list} aria-label="Console output" className="font-mono text-xs">
      {entries.map((entry) => (
        <Entry key={entryKey(entry)} entry={entry} files={files} />
      ))}
    </ol>
  );
}

/** The nearest ancestor that scrolls its content vertically. */
function scrollingAncestor(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return node;
  }
  return null;
}
