import { useState } from 'react';
import { useRecordCheck } from './use-record-check.ts';

/** "Add as check" on the response panel. */
export function AddResponseAsCheck() {
  const { recordResponse } = useRecordCheck();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-ghost"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void recordResponse().finally(() => setBusy(false));
      }}
    >
      {busy ? 'Adding…' : 'Add as check'}
    </button>
  );
}

/** "Add as check" on a message that came in on a WebSocket connection. */
export function AddSocketLineAsCheck({ connection, index }: { connection: string; index: number }) {
  const { recordSocketLine } = useRecordCheck();
  const [note, setNote] = useState<string | null>(null);
  return (
    <>
      {' '}
      <button
        type="button"
        className="btn-ghost px-1 py-0 text-xs"
        aria-label={`Add message ${index + 1} of ${connection} as check`}
        onClick={() => void recordSocketLine(connection, index).then((problem) => setNote(problem ?? 'Added.'))}
      >
        Add as check
      </button>
      {note && <span className="ml-1 text-xs">{note}</span>}
    </>
  );
}
