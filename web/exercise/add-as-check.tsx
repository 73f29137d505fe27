import { useState } from 'react';
import { useStore } from '../state/store.ts';
import type { ExchangeSlots } from '../exchange/exchange-slots.tsx';
import { useExerciseDraft } from './draft-store.ts';
import { useRecordCheck } from './use-record-check.ts';

/** "Add as check" on the response panel, while an exercise is being made. */
function AddResponseAsCheck() {
  const { draftStore } = useExerciseDraft();
  const open = useStore(draftStore, (s) => s.open);
  const { recordResponse } = useRecordCheck();
  const [busy, setBusy] = useState(false);
  if (!open) return null;
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

/** "Add as check" on a message that came in on a WebSocket connection, while an exercise is being made. */
function AddSocketLineAsCheck({ connection, index }: { connection: string; index: number }) {
  const { draftStore } = useExerciseDraft();
  const open = useStore(draftStore, (s) => s.open);
  const { recordSocketLine } = useRecordCheck();
  const [note, setNote] = useState<string | null>(null);
  if (!open) return null;
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

/** What the exercise maker adds to the exchange panels. */
export const EXERCISE_SLOTS: ExchangeSlots = { ResponseAction: AddResponseAsCheck, SocketLineAction: AddSocketLineAsCheck };
