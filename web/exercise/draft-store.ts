import { createStore, type Store } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';
import type { Files } from '../state/files-store.ts';
import type { Check } from '../../runtime/course/format/check-format.ts';
import type { FlowPart } from '../../runtime/course/checks/record-flow.ts';
import type { Replay } from '../../runtime/course/checks/replay-exchange.ts';
import { exerciseProblem, readExercise, type Exercise } from '../../runtime/course/exercises/exercise.ts';

/** A check of the exercise being made: recorded from one exchange or a flow of them (its choices editable), or written by hand. */
export interface DraftCheck {
  check: Check;
  /** Its title and the exchanges it was recorded from, in order, with the author's choices; gone once the check is edited as JSON. */
  recording?: { title: string; parts: FlowPart[] };
  /** What replaying its exchanges on fresh starts found, one Replay per exchange; null while it runs. */
  replay?: Replay[] | null;
}

/** The exercise a teacher is making. */
export interface DraftState {
  /** Whether the exercise maker is open (it takes the lesson pane's place). */
  open: boolean;
  title: string;
  text: string;
  starter: Files | null;
  /** The files as they were when the last check was recorded: what the checks are proved against. */
  solution: Files | null;
  includeSolution: boolean;
  checks: DraftCheck[];
  /** The recorded check "Add as check" adds the next exchanges to, as its next steps (a flow); null: each makes a new check. */
  appendTo: number | null;
}

/** The exercise-draft part of the playground state. */
export type ExerciseDraftPart = ReturnType<typeof createExerciseDraftState>;

const EMPTY: DraftState = {
  open: false,
  title: '',
  text: '',
  starter: null,
  solution: null,
  includeSolution: true,
  checks: [],
  appendTo: null,
};

/** Where the learner is: an exercise opening (a link, a file) takes the lesson pane from the maker. */
interface DraftSurroundings {
  workspaceStore: Pick<Store<{ active: string }>, 'get' | 'subscribe'>;
  findExercise: (id: string) => unknown;
}

/** Closes the maker when the learner opens an exercise (the draft stays in memory: "Make an exercise" shows it again). */
function closeWhenAnExerciseOpens(draftStore: Store<DraftState>, { workspaceStore, findExercise }: DraftSurroundings): void {
  let shown = workspaceStore.get().active;
  workspaceStore.subscribe(() => {
    const { active } = workspaceStore.get();
    if (active !== shown && findExercise(active) !== undefined) draftStore.set({ open: false });
    shown = active;
  });
}

/** Creates the exercise being made (in memory only: it becomes data when it is shared). */
export function createExerciseDraftState(surroundings?: DraftSurroundings) {
  const draftStore = createStore<DraftState>(EMPTY);
  if (surroundings) closeWhenAnExerciseOpens(draftStore, surroundings);

  /**
   * Opens the maker. A new exercise starts from `files` as its starter or, opened on a lesson, from the
   * lesson: its title, starter, solution and checks, to change at will.
   */
  function openDraft(files: Files, lesson?: Pick<Exercise, 'title' | 'starter' | 'solution' | 'checks'>): void {
    const { starter, title, checks } = draftStore.get();
    if (lesson && starter === null && title === '' && checks.length === 0) {
      draftStore.set({
        open: true,
        title: lesson.title,
        starter: lesson.starter,
        solution: lesson.solution,
        checks: lesson.checks.map((check) => ({ check })),
      });
      return;
    }
    draftStore.set({ open: true, starter: starter ?? files });
  }

  /** Leaves file `name` out of the starter (the entry file stays). */
  function dropStarterFile(name: string): void {
    const starter = draftStore.get().starter;
    if (!starter || name === 'main.ts') return;
    draftStore.set({ starter: Object.fromEntries(Object.entries(starter).filter(([file]) => file !== name)) });
  }

  /** Removes check `index`. */
  function removeCheck(index: number): void {
    draftStore.set((s) => ({
      checks: s.checks.filter((_, i) => i !== index),
      appendTo: s.appendTo === null || s.appendTo === index ? null : s.appendTo > index ? s.appendTo - 1 : s.appendTo,
    }));
  }

  /** Replaces the checks with ones edited as JSON; a check left as it was keeps its recording, so its fields can still be chosen. */
  function setChecks(next: Check[]): void {
    const checks = draftStore.get().checks;
    draftStore.set({
      checks: next.map((check, i) => (checks[i] && JSON.stringify(checks[i].check) === JSON.stringify(check) ? checks[i] : { check })),
      appendTo: null,
    });
  }

  /** The exercise as it would be shared, or what is missing or wrong in words. */
  function draftExercise(): Exercise | string {
    const { title, text, starter, solution, includeSolution, checks } = draftStore.get();
    const value = { title, text, starter, solution: includeSolution ? solution : null, checks: checks.map((c) => c.check) };
    const problem = exerciseProblem(value);
    return problem ?? readExercise(value);
  }

  return { draftStore, openDraft, dropStarterFile, removeCheck, setChecks, draftExercise };
}

/** The exercise-draft part of the playground state, for components. */
export const useExerciseDraft = stateHook<ExerciseDraftPart>('exerciseDraft');
