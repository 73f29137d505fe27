import { createStore } from './store.ts';
import { loadJson, saveJson } from './persisted.ts';
import exampleProgram from '../../lessons/getting-started/app.ts?raw';

/** The learner's files, path → source; the entry is `main.ts`. */
export type Files = Record<string, string>;

/** The entry file every program starts from. */
export const ENTRY_FILE = 'main.ts';

/** The example program loaded for a first visit. */
export const DEFAULT_FILES: Files = { [ENTRY_FILE]: exampleProgram };

const KEY = 'halo.files.v1';

const saved = loadJson<Files | null>(KEY, null);

/** The learner's code, saved on every change so a reload or crash never loses work. */
export const filesStore = createStore<{ files: Files }>({
  files: typeof saved?.[ENTRY_FILE] === 'string' ? saved : DEFAULT_FILES,
});

filesStore.subscribe(() => saveJson(KEY, filesStore.get().files));

/** Replaces the source of one file. */
export function setFile(path: string, source: string): void {
  filesStore.set((s) => ({ files: { ...s.files, [path]: source } }));
}

/** Restores the example program. */
export function resetFiles(): void {
  filesStore.set({ files: DEFAULT_FILES });
}
