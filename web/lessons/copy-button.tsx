import { useState } from 'react';

/** What the button says after a click: the copy worked, or how to copy by hand. */
type Outcome = 'idle' | 'copied' | 'refused';

const LABEL: Record<Outcome, string> = {
  idle: 'Copy',
  copied: 'Copied',
  refused: 'Select the code and press Ctrl/Cmd+C',
};

/** Copies `text` to the clipboard, and says whether it did (the browser may refuse without permission). */
export function CopyButton({ text }: { text: string }) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setOutcome('copied'),
      () => setOutcome('refused'),
    );
  return (
    <button type="button" className="btn-ghost" onClick={() => void copy()} aria-live="polite">
      {LABEL[outcome]}
    </button>
  );
}
