import { createStore } from '../state/store.ts';
import { readStored, writeStored, type KeyValueStorage } from '../state/stored.ts';
import { DEFAULT_FILES, ENTRY_FILE, sameFiles, type Files, type FilesPart } from '../state/files-store.ts';
import { stateHook } from '../state/state-context.tsx';
import type { Course } from './course/catalog.ts';
import { prefillRequest } from '../exchange/request/prefill-request.ts';
import type { RequestPart } from '../exchange/request/request-store.ts';
import type { ExercisesPart } from '../state/exercises-store.ts';

/** The workspace id of the free playground (the example program, no lesson). */
export const SCRATCH = 'scratch';

/** Which workspace (a lesson id or {@link SCRATCH}) the editor shows, and the learner's code per workspace. */
export interface WorkspaceState {
  active: string;
  /** Edited code by workspace id; a workspace still holding its starter is not stored. */
  saved: Record<string, Files>;
  /**
   * Set while the editor shows code the learner has not chosen (a share link's): neither it nor edits
   * to it are saved, so the saved code stays as it was and the next visit opens it. `held` code must
   * not run either (see web/share/gated-engine.ts). `returnTo`: the workspace the learner came from, when
   * the link opened another (an exercise): going back returns there. Null when the editor shows the workspace's code.
   */
  unchosen: { held: boolean; returnTo?: string } | null;
}

function loadSaved(storage: KeyValueStorage | undefined): Record<string, Files> {
  // Entries of lessons this build does not have are kept: a later deployment may bring them back.
  const saved = readStored(storage, 'halo.workspaces.v1', null);
  if (saved !== null) return saved;
  // Before lessons, the page kept one program (the edited example): it becomes the scratch code.
  const legacy = readStored(storage, 'halo.files.v1', null);
  return legacy && !sameFiles(legacy, DEFAULT_FILES) ? { [SCRATCH]: legacy } : {};
}

/** The workspace to open: `?lesson=<id>` in the address, else the last one, else the course's first lesson. */
function initialActive(requested: string | null, lastActive: string | null, first: string, isWorkspace: (id: string) => boolean): string {
  if (requested && isWorkspace(requested)) return requested;
  return lastActive && isWorkspace(lastActive) ? lastActive : first || SCRATCH;
}

/** What the workspace state is made from: the page's storage and address, and the parts it sets. */
export interface WorkspaceOptions {
  storage: KeyValueStorage | undefined;
  /** The address's query (`?lesson=<id>` opens that lesson). */
  search: string;
  /** The course: each lesson is a workspace, starting from its starter. */
  course: Course;
  files: FilesPart;
  request: RequestPart;
  /** Exercises opened from links and files: each is a workspace too, starting from its own starter. */
  exercises?: Pick<ExercisesPart, 'findExercise'>;
}

/** The workspace part of the playground state. */
export type WorkspacePart = ReturnType<typeof createWorkspaceState>;

/**
 * Creates the active workspace and the learner's code of every workspace, saved in `storage`, and puts
 * the active workspace's code in the files store.
 */
export function createWorkspaceState({ storage, search, course, files: { filesStore }, request, exercises }: WorkspaceOptions) {
  /** Whether `id` names a lesson workspace this build knows, or scratch (a lesson may be gone after a new deployment). */
  const isWorkspace = (id: string): boolean => id === SCRATCH || course.findLesson(id) !== undefined;
  const lastActive = readStored(storage, 'halo.active.v1', null);
  const requested = new URLSearchParams(search).get('lesson');
  const isExercise = (id: string | null): id is string => id !== null && exercises?.findExercise(id) !== undefined;
  const workspaceStore = createStore<WorkspaceState>({
    active: isExercise(requested) ? requested : !requested && isExercise(lastActive) ? lastActive : initialActive(requested, lastActive, course.firstLessonId, isWorkspace),
    saved: loadSaved(storage),
    unchosen: null,
  });

  /** The code workspace `id` starts from: an exercise's starter, a lesson's, or the example program. */
  function starterOf(id: string): Files {
    return exercises?.findExercise(id)?.starter ?? course.findLesson(id)?.starter ?? DEFAULT_FILES;
  }

  // A link to another lesson than the last one sets the request panel as opening that lesson from the list would.
  if (workspaceStore.get().active !== lastActive) prefillRequest(request, course.findLesson(workspaceStore.get().active)?.checks ?? []);

  /** The code of workspace `id`: the learner's, or its starter. */
  function filesOf(id: string): Files {
    return workspaceStore.get().saved[id] ?? starterOf(id);
  }

  /** Shows workspace `id` in the editor (the current code is already saved; unchosen code is left behind). */
  function openWorkspace(id: string): void {
    if (!(isWorkspace(id) || isExercise(id)) || id === workspaceStore.get().active) return;
    workspaceStore.set({ active: id, unchosen: null });
    filesStore.set({ files: filesOf(id), active: ENTRY_FILE });
  }

  /** Shows `files` as the learner's choice (a reset, a template): they are saved as the active workspace's code. */
  function chooseCode(files: Files): void {
    filesStore.set({ files });
    keepShownCode();
  }

  /** Replaces the active workspace's code with its starter. */
  function resetWorkspace(): void {
    chooseCode(starterOf(workspaceStore.get().active));
  }

  /**
   * Shows `files` without saving them or edits to them, until {@link keepShownCode}; `held` code must not run.
   * With `workspace`, in that workspace (an exercise), which "Back to my code" leaves for the one open now.
   */
  function showUnchosen(files: Files, held: boolean, workspace?: string): void {
    const { active } = workspaceStore.get();
    const elsewhere = workspace !== undefined && workspace !== active;
    // Set before the files change, so nothing subscribed to the files saves or runs them first.
    workspaceStore.set(elsewhere ? { active: workspace, unchosen: { held, returnTo: active } } : { unchosen: { held } });
    filesStore.set(elsewhere ? { files, active: ENTRY_FILE } : { files });
  }

  /** The learner chose the code shown: it becomes the workspace's saved code. */
  function keepShownCode(): void {
    workspaceStore.set({ unchosen: null });
    saveShownCode();
  }

  /** Shows the active workspace's saved code again, leaving unchosen code behind. */
  function showSavedCode(): void {
    const back = workspaceStore.get().unchosen?.returnTo;
    if (back !== undefined) {
      filesStore.set({ files: filesOf(back), active: ENTRY_FILE });
      workspaceStore.set({ active: back, unchosen: null });
      return;
    }
    // The files first: the moment nothing is held, the editor already holds the learner's own code.
    filesStore.set({ files: filesOf(workspaceStore.get().active) });
    workspaceStore.set({ unchosen: null });
  }

  /** Saves the editor's code as the active workspace's (unedited code is not stored, see below). */
  function saveShownCode(): void {
    const { active, saved } = workspaceStore.get();
    const files = filesStore.get().files;
    if (saved[active] === files) return;
    const others = { ...saved };
    delete others[active];
    // Unedited code is not stored, so a new deployment's improved starter reaches learners who never touched it.
    workspaceStore.set({ saved: sameFiles(files, starterOf(active)) ? others : { ...others, [active]: files } });
  }

  // The editor and the compiler read the files store: it holds the active workspace's code.
  filesStore.set({ files: filesOf(workspaceStore.get().active) });

  filesStore.subscribe(() => {
    if (workspaceStore.get().unchosen === null) saveShownCode();
  });

  workspaceStore.subscribe(() => {
    const { active, saved } = workspaceStore.get();
    writeStored(storage, 'halo.active.v1', active);
    writeStored(storage, 'halo.workspaces.v1', saved);
  });

  return { workspaceStore, isWorkspace, filesOf, openWorkspace, chooseCode, resetWorkspace, showUnchosen, keepShownCode, showSavedCode };
}

/** The workspace part of the playground state, for components. */
export const useWorkspace = stateHook<WorkspacePart>('workspace');
