import { recordCheck, type Exchange, type RecordChoices } from '../../runtime/checks/record-check.ts';
import type { Replay } from '../../runtime/checks/replay-exchange.ts';
import type { Files } from '../state/files-store.ts';
import type { DraftCheck, ExerciseDraftPart } from './draft-store.ts';

// Apart from the draft's store (created with the page): the recording code loads with the maker.

/** Records `exchange` as a check of the draft (with the usual choices), the program's `files` becoming the solution; returns its index. */
export function addRecording({ draftStore }: ExerciseDraftPart, exchange: Exchange, files: Files, choices: RecordChoices): number {
  const entry: DraftCheck = { check: recordCheck(exchange, choices), recording: { exchange, choices }, replay: null };
  draftStore.set((s) => ({ checks: [...s.checks, entry], solution: files }));
  return draftStore.get().checks.length - 1;
}

/** Applies new choices to the draft's recorded check `index` (fields kept, "contains text", title, fields found unstable). */
export function chooseFor({ draftStore }: ExerciseDraftPart, index: number, patch: Partial<RecordChoices>, replay?: Replay): void {
  draftStore.set((s) => ({
    checks: s.checks.map((entry, i) => {
      if (i !== index || !entry.recording) return entry;
      const choices = { ...entry.recording.choices, ...patch };
      return {
        check: recordCheck(entry.recording.exchange, choices),
        recording: { ...entry.recording, choices },
        replay: replay ?? entry.replay,
      };
    }),
  }));
}
