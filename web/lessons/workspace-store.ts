import { createStore } from '../state/store.ts';
import { readStored, type KeyValueStorage } from '../state/stored.ts';
import { ENTRY_FILE, sameFiles, type Files, type FilesPart } from '../state/files-store.ts';
import { createUnchosenCode, type Unchosen } from './unchosen-code.ts';
import { keepWorkspacesSaved } from './workspace-saving.ts';
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
  /** Set while the editor shows code the learner has not chosen (a share link's); null when it shows the workspace's code. */
  unchosen: Unchosen | null;
}

function loadSaved(storage: KeyValueStorage | undefined, example: Files): Record<string, Files> {
  // Entries of lessons this build does not have are kept: a later deployment may bring them back.
  const saved = readStored(storage, 'halo.workspaces.v1', null);
  if (saved !== null) return saved;
  // Before lessons, the page kept one program (the edited example): it becomes the scratch code.
  const legacy = readStored(storage, 'halo.files.v1', null);
  return legacy && !sameFiles(legacy, example) ? { [SCRATCH]: legacy } : {};
}

/** Which workspace ids the build knows: lessons and scratch (a lesson may be gone after a new deployment), and exercises. */
interface KnownWorkspaces {
  isWorkspace: (id: string) => boolean;
  isExercise: (id: string | null) => id is string;
}

/**
 * The workspace to open: `?lesson=<id>` in the address (a lesson's or an exercise's), else the last one, else the
 * course's first lesson.
 */
function initialActive(requested: string | null, lastActive: string | null, first: string, { isWorkspace, isExercise }: KnownWorkspaces): string {
  if (isExercise(requested)) return requested;
  if (!requested && isExercise(lastActive)) return lastActive;
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
export function createWorkspaceState({ storage, search, course, files, request, exercises }: WorkspaceOptions) {
  const { filesStore } = files;
  /** Whether `id` names a lesson workspace this build knows, or scratch (a lesson may be gone after a new deployment). */
  const isWorkspace = (id: string): boolean => id === SCRATCH || course.findLesson(id) !== undefined;
  const isExercise = (id: string | null): id is string => id !== null && exercises?.findExercise(id) !== undefined;
  const lastActive = readStored(storage, 'halo.active.v1', null);
  const requested = new URLSearchParams(search).get('lesson');
  const workspaceStore = createStore<WorkspaceState>({
    active: initialActive(requested, lastActive, course.firstLessonId, { isWorkspace, isExercise }),
    saved: loadSaved(storage, course.example),
    unchosen: null,
  });

  /** The code workspace `id` starts from: an exercise's starter, a lesson's, or the example program. */
  function starterOf(id: string): Files {
    return exercises?.findExercise(id)?.starter ?? course.findLesson(id)?.starter ?? course.example;
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
    unchosen.keepShownCode();
  }

  /** Replaces the active workspace's code with its starter. */
  function resetWorkspace(): void {
    chooseCode(starterOf(workspaceStore.get().active));
  }

  // The editor and the compiler read the files store: it holds the active workspace's code (before saving follows it).
  filesStore.set({ files: filesOf(workspaceStore.get().active) });
  const saveShownCode = keepWorkspacesSaved(storage, workspaceStore, files, starterOf);
  const unchosen = createUnchosenCode(workspaceStore, files, filesOf, saveShownCode);

  return { workspaceStore, isWorkspace, filesOf, starterOf, openWorkspace, chooseCode, resetWorkspace, ...unchosen };
}

/** The workspace part of the playground state, for components. */
export const useWorkspace = stateHook<WorkspacePart>('workspace');
