import type { Exchange, RecordChoices } from '../../runtime/course/checks/record-check.ts';
import { recordFlow, type FlowPart } from '../../runtime/course/checks/record-flow.ts';
import type { Replay } from '../../runtime/course/checks/replay-exchange.ts';
import type { Files } from '../state/files-store.ts';
import type { DraftCheck, ExerciseDraftPart } from './draft-store.ts';

// Apart from the draft's store (created with the page): the recording code loads with the maker.

/** A recorded check with `parts` and `title`: the check they make, kept with them. */
function recorded(title: string, parts: FlowPart[], replay: Replay[] | null | undefined): DraftCheck {
  return { check: recordFlow(title, parts), recording: { title, parts }, replay };
}

/**
 * Records `exchange` (with the usual choices), the program's `files` becoming the solution: as a new check, or as
 * the next step of the check the author is adding steps to (`appendTo`). Returns that check's index.
 */
export function addRecording({ draftStore }: ExerciseDraftPart, exchange: Exchange, files: Files, choices: RecordChoices): number {
  const { appendTo, checks } = draftStore.get();
  const extended = appendTo === null ? undefined : checks[appendTo]?.recording;
  if (appendTo !== null && extended) {
    const entry = recorded(extended.title, [...extended.parts, { exchange, choices }], null);
    draftStore.set((s) => ({ checks: s.checks.map((c, i) => (i === appendTo ? entry : c)), solution: files }));
    return appendTo;
  }
  draftStore.set((s) => ({ checks: [...s.checks, recorded(choices.title, [{ exchange, choices }], null)], solution: files }));
  return draftStore.get().checks.length - 1;
}

/**
 * Applies new choices to step `part` of the draft's recorded check `index` (fields kept, kinds, "contains text",
 * fields found unstable), and what a replay found when given.
 */
export function chooseFor(
  { draftStore }: ExerciseDraftPart,
  index: number,
  part: number,
  patch: Partial<RecordChoices>,
  replay?: Replay[],
): void {
  draftStore.set((s) => ({
    checks: s.checks.map((entry, i) => {
      if (i !== index || !entry.recording) return entry;
      const parts = entry.recording.parts.map((p, n) => (n === part ? { ...p, choices: { ...p.choices, ...patch } } : p));
      return recorded(entry.recording.title, parts, replay ?? entry.replay);
    }),
  }));
}

/** Applies what a replay of check `index` found: each step's unstable fields, with `choose(part)` for the choices they bring (kinds proposed). */
export function applyReplay(
  { draftStore }: ExerciseDraftPart,
  index: number,
  replay: Replay[],
  choose: (part: FlowPart, found: Replay) => Partial<RecordChoices>,
): void {
  draftStore.set((s) => ({
    checks: s.checks.map((entry, i) => {
      if (i !== index || !entry.recording) return entry;
      const parts = entry.recording.parts.map((p, n) => (replay[n] ? { ...p, choices: { ...p.choices, ...choose(p, replay[n]) } } : p));
      return recorded(entry.recording.title, parts, replay);
    }),
  }));
}

/** Renames the draft's recorded check `index`. */
export function retitle({ draftStore }: ExerciseDraftPart, index: number, title: string): void {
  draftStore.set((s) => ({
    checks: s.checks.map((entry, i) => (i === index && entry.recording ? recorded(title, entry.recording.parts, entry.replay) : entry)),
  }));
}
