import { createStore } from './store.ts';
import { loadJson, saveJson } from './persisted.ts';
import { DEFAULT_FILES, ENTRY_FILE, filesStore, type Files } from './files-store.ts';
import { findLesson, lessons } from '../lessons/catalog.ts';
import { prefillRequest } from '../lessons/prefill-request.ts';

/** The workspace id of the free playground (the example program, no lesson). */
export const SCRATCH = 'scratch';

/** Which workspace (a lesson id or {@link SCRATCH}) the editor shows, and the learner's code per workspace. */
export interface WorkspaceState {
  active: string;
  /** Edited code by workspace id; a workspace still holding its starter is not stored. */
  saved: Record<string, Files>;
}

const SAVED_KEY = 'halo.workspaces.v1';
const ACTIVE_KEY = 'halo.active.v1';
// Before lessons, the page kept one program (the edited example) under this key: it becomes the scratch code.
const LEGACY_FILES_KEY = 'halo.files.v1';

/** The code a workspace starts from: the lesson's starter, or the example program for scratch. */
export function starterFiles(id: string): Files {
  const lesson = findLesson(id);
  return lesson ? { [ENTRY_FILE]: lesson.starter } : DEFAULT_FILES;
}

function sameFiles(a: Files, b: Files): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Whether `id` names a workspace this build knows (a lesson may be gone after a new deployment). */
export function isWorkspace(id: string): boolean {
  return id === SCRATCH || findLesson(id) !== undefined;
}

function isFiles(value: unknown): value is Files {
  return value !== null && typeof value === 'object' && typeof (value as Files)[ENTRY_FILE] === 'string';
}

function loadSaved(): Record<string, Files> {
  const raw = loadJson<Record<string, unknown> | null>(SAVED_KEY, null);
  if (raw === null) {
    const legacy = loadJson<unknown>(LEGACY_FILES_KEY, null);
    return isFiles(legacy) && !sameFiles(legacy, DEFAULT_FILES) ? { [SCRATCH]: legacy } : {};
  }
  // Entries of lessons this build does not have are kept: a later deployment may bring them back.
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, Files] => isFiles(entry[1])));
}

const lastActive = loadJson<string | null>(ACTIVE_KEY, null);
const requested = new URLSearchParams(globalThis.location?.search ?? '').get('lesson');

/** The workspace to open: `?lesson=<id>` in the address, else the last one, else lesson 1. */
function initialActive(): string {
  if (requested && isWorkspace(requested)) return requested;
  return lastActive && isWorkspace(lastActive) ? lastActive : (lessons[0]?.id ?? SCRATCH);
}

/** The active workspace and the learner's code of every workspace, saved in localStorage. */
export const workspaceStore = createStore<WorkspaceState>({ active: initialActive(), saved: loadSaved() });

// A link to another lesson than the last one sets the request panel as opening that lesson from the list would.
if (workspaceStore.get().active !== lastActive) prefillRequest(workspaceStore.get().active);

/** The code of workspace `id`: the learner's, or its starter. */
export function filesOf(id: string): Files {
  return workspaceStore.get().saved[id] ?? starterFiles(id);
}

/** Shows workspace `id` in the editor (the current code is already saved). */
export function openWorkspace(id: string): void {
  if (!isWorkspace(id) || id === workspaceStore.get().active) return;
  workspaceStore.set({ active: id });
  filesStore.set({ files: filesOf(id) });
}

/** Replaces the active workspace's code with its starter. */
export function resetWorkspace(): void {
  filesStore.set({ files: starterFiles(workspaceStore.get().active) });
}

// The editor and the compiler read the files store: it holds the active workspace's code.
filesStore.set({ files: filesOf(workspaceStore.get().active) });

filesStore.subscribe(() => {
  const { active, saved } = workspaceStore.get();
  const files = filesStore.get().files;
  if (saved[active] === files) return;
  const others = { ...saved };
  delete others[active];
  // Unedited code is not stored, so a new deployment's improved starter reaches learners who never touched it.
  workspaceStore.set({ saved: sameFiles(files, starterFiles(active)) ? others : { ...others, [active]: files } });
});

workspaceStore.subscribe(() => {
  const { active, saved } = workspaceStore.get();
  saveJson(ACTIVE_KEY, active);
  saveJson(SAVED_KEY, saved);
});
