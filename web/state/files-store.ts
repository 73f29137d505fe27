import { createStore } from './store.ts';
import { stateHook } from './state-context.tsx';
import { fileNameProblem, MAX_FILES } from '../../runtime/course/exercises/file-names.ts';

/** The learner's files, path → source; the entry is `main.ts`. */
export type Files = Record<string, string>;

/** The entry file every program starts from. */
export const ENTRY_FILE = 'main.ts';

/** Whether two programs have the same files with the same sources. */
export function sameFiles(a: Files, b: Files): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The files part of the playground state: the store and the operations on the learner's files. */
export type FilesPart = ReturnType<typeof createFilesState>;

/**
 * Creates the code in the editor, which the compiler reads, and the file the editor shows. Not saved here:
 * workspace-store.ts saves it as the open workspace's code, unless it is a share link's code the learner
 * has not chosen yet.
 */
export function createFilesState(first: Files = { [ENTRY_FILE]: '' }) {
  const filesStore = createStore<{ files: Files; active: string }>({ files: first, active: ENTRY_FILE });

  /** The file the editor shows: the one last opened, or the entry when that file is gone (another workspace, a reset). */
  function activeFile(state = filesStore.get()): string {
    return Object.hasOwn(state.files, state.active) ? state.active : ENTRY_FILE;
  }

  /** Shows file `path` in the editor. */
  function openFile(path: string): void {
    if (Object.hasOwn(filesStore.get().files, path)) filesStore.set({ active: path });
  }

  /** Replaces the source of one file. */
  function setFile(path: string, source: string): void {
    filesStore.set((s) => ({ files: { ...s.files, [path]: source } }));
  }

  /** Why `name` cannot be a new file of the program (in words for the learner), or null when it can. */
  function newFileProblem(name: string, files = filesStore.get().files): string | null {
    if (Object.hasOwn(files, name)) return `There is already a file named ${name}.`;
    if (Object.keys(files).length >= MAX_FILES) return `A program has at most ${MAX_FILES} files.`;
    return fileNameProblem(name);
  }

  /** Adds an empty file and opens it; returns why it could not, or null. */
  function createFile(name: string): string | null {
    const problem = newFileProblem(name);
    if (problem) return problem;
    filesStore.set((s) => ({ files: { ...s.files, [name]: '' }, active: name }));
    return null;
  }

  /** Renames a file (not the entry), keeping its place in the list; returns why it could not, or null. */
  function renameFile(from: string, to: string): string | null {
    if (from === ENTRY_FILE) return `${ENTRY_FILE} is where the program starts; it keeps its name.`;
    const { files } = filesStore.get();
    if (!Object.hasOwn(files, from)) return `There is no file named ${from}.`;
    if (from === to) return null;
    const problem = newFileProblem(to, Object.fromEntries(Object.entries(files).filter(([name]) => name !== from)));
    if (problem) return problem;
    const renamed = Object.fromEntries(Object.entries(files).map(([name, source]) => [name === from ? to : name, source]));
    filesStore.set((s) => ({ files: renamed, active: s.active === from ? to : s.active }));
    return null;
  }

  /** Deletes a file (never the entry); the editor shows the entry if it showed that file. */
  function deleteFile(path: string): void {
    if (path === ENTRY_FILE || !Object.hasOwn(filesStore.get().files, path)) return;
    const files = { ...filesStore.get().files };
    delete files[path];
    filesStore.set((s) => ({ files, active: s.active === path ? ENTRY_FILE : s.active }));
  }

  return { filesStore, activeFile, openFile, setFile, newFileProblem, createFile, renameFile, deleteFile };
}

/** The files part of the playground state, for components. */
export const useFiles = stateHook<FilesPart>('files');
