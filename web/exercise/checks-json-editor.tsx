import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { monacoMayLoad } from '../editor/monaco-gate.ts';
import { takeOver, whenLaidOut } from '../editor/editor-takeover.ts';
import type { ChecksReading } from '../../runtime/course/exercises/checks-json.ts';
import { applyChecksJson } from './apply-checks-json.ts';
import { useExerciseDraft } from './draft-store.ts';
import type { MarkedText } from './checks-monaco.tsx';

// Monaco is most of the page's JavaScript: until it has loaded, the checks are edited in a text area.
const ChecksMonaco = lazy(() =>
  monacoMayLoad()
    .then(() => import('./checks-monaco.tsx'))
    .then((m) => ({ default: m.ChecksMonaco })),
);

/** Texts up to this long are read on the keystroke (a millisecond or two); longer ones once typing pauses. */
const READ_AT_ONCE_CHARS = 50_000;

/** How long typing in a long text pauses before it is read. */
const READ_PAUSE_MS = 150;

/** A reading of the checks with the text it was read from. */
interface Reading {
  text: string;
  result: ChecksReading;
}

/**
 * Reads each edit of the checks' text and applies a valid one to the draft at once; an invalid one changes
 * nothing. A long text is read once typing pauses (and when the editor closes), off the keystroke.
 */
function useChecksReading(initialText: string, initialReading: ChecksReading) {
  const draft = useExerciseDraft();
  const [reading, setReading] = useState<Reading>({ text: initialText, result: initialReading });
  const pending = useRef<{ text: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const read = useCallback((text: string) => setReading({ text, result: applyChecksJson(draft, text) }), [draft]);
  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    read(waiting.text);
  }, [read]);
  const edit = useCallback(
    (text: string) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
      if (text.length <= READ_AT_ONCE_CHARS) return read(text);
      pending.current = { text, timer: setTimeout(flush, READ_PAUSE_MS) };
    },
    [read, flush],
  );
  useEffect(() => flush, [flush]);
  return { reading, edit };
}

/**
 * The checks' text as typed, for the text area; `latest` holds it too, for the editor that takes over mid-typing; `change`
 * sets it and hands it to `edit`.
 */
function useEditedText(initialText: string, edit: (text: string) => void) {
  const [text, setText] = useState(initialText);
  const latest = useRef(text);
  const change = useCallback(
    (next: string) => {
      latest.current = next;
      setText(next);
      edit(next);
    },
    [edit],
  );
  return { text, latest, change };
}

/**
 * The exercise's checks as JSON in the lesson check format, validated against its schema as you type:
 * each valid edit is applied at once; an invalid one changes nothing, and the status says what is wrong
 * and on which line. A Monaco editor underlines each problem where it is; until it has loaded, a text
 * area is the editor, and what was typed there carries over.
 */
export function ChecksJsonEditor() {
  const { draftStore } = useExerciseDraft();
  const initial = useMemo(() => {
    const checks = draftStore.get().checks.map((c) => c.check);
    return { text: JSON.stringify(checks, null, 2), reading: { checks } };
  }, [draftStore]);
  const { reading, edit } = useChecksReading(initial.text, initial.reading);
  const { text, latest, change } = useEditedText(initial.text, edit);
  const [mounted, setMounted] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const marked = useMemo<MarkedText>(
    () => ({ text: reading.text, marks: 'marks' in reading.result ? reading.result.marks : [] }),
    [reading],
  );
  const problem = 'problem' in reading.result ? reading.result.problem : null;
  return (
    <div className="flex flex-col gap-1">
      <div className="relative h-64">
        <Suspense>
          <ChecksMonaco
            initialText={() => latest.current}
            marked={marked}
            onEdit={change}
            onMount={(instance) =>
              void whenLaidOut(instance).then(() => {
                // Typed into the text area while the editor was laid out.
                if (instance.getValue() !== latest.current) instance.setValue(latest.current);
                takeOver(instance, textarea.current);
                setMounted(true);
              })
            }
          />
        </Suspense>
        {!mounted && (
          <textarea
            ref={textarea}
            className="field absolute inset-0 font-mono text-xs"
            aria-label="Checks as JSON"
            aria-invalid={problem !== null}
            aria-describedby="checks-json-state"
            spellCheck={false}
            value={text}
            onChange={(e) => change(e.target.value)}
          />
        )}
      </div>
      <p id="checks-json-state" role="status" className={`text-xs ${problem ? 'text-red-800 dark:text-red-300' : ''}`}>
        {problem ?? 'Valid checks: applied.'}
      </p>
    </div>
  );
}
