import { createStore } from './store.ts';
import exampleProgram from '../../lessons/getting-started/app.ts?raw';

/** The learner's files, path → source; the entry is `main.ts`. */
export type Files = Record<string, string>;

/** The entry file every program starts from. */
export const ENTRY_FILE = 'main.ts';

/** The example program loaded for a first visit. */
export const DEFAULT_FILES: Files = { [ENTRY_FILE]: exampleProgram };

/**
 * The code in the editor, which the compiler reads. Not saved here: workspace-store.ts saves it as the
 * open workspace's code, unless it is a share link's code the learner has not chosen yet.
 */
export const filesStore = createStore<{ files: Files }>({ files: DEFAULT_FILES });

/** Replaces the source of one file. */
export function setFile(path: string, source: string): void {
  filesStore.set((s) => ({ files: { ...s.files, [path]: source } }));
}
