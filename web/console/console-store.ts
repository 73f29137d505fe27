import type { ConsoleEntry, PlaygroundEngine } from '../../runtime/engine/engine-api.ts';
import { createStore } from '../state/store.ts';

/** Keeps memory bounded when a program logs in a tight loop. */
export const MAX_CONSOLE_ENTRIES = 500;

/** The program's console output, newest last. */
export const consoleStore = createStore<{ entries: ConsoleEntry[] }>({ entries: [] });

/** Appends an entry, dropping the oldest beyond {@link MAX_CONSOLE_ENTRIES}. */
export function appendConsole(entry: ConsoleEntry): void {
  consoleStore.set((s) => ({ entries: [...s.entries, entry].slice(-MAX_CONSOLE_ENTRIES) }));
}

/** Empties the console. */
export function clearConsole(): void {
  consoleStore.set({ entries: [] });
}

/** Feeds the engine's console into the store; returns the unsubscribe function. */
export function connectConsole(engine: PlaygroundEngine): () => void {
  return engine.onConsole(appendConsole);
}

/** A `file:line:column` reference inside a stack trace. */
export interface StackLocation {
  file: string;
  line: number;
  column: number;
}

/** Finds references to the learner's files (e.g. `main.ts:12:5`) in a stack trace line. */
export function findLocation(text: string, files: string[]): StackLocation | null {
  for (const file of files) {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(?:^|[\\s(/])${escaped}:(\\d+)(?::(\\d+))?`).exec(text);
    if (match) return { file, line: Number(match[1]), column: Number(match[2] ?? 1) };
  }
  return null;
}

/** Where an entry points in the learner's files: its own location, else the first learner frame of its stack. */
export function entryLocation(entry: ConsoleEntry, files: string[]): StackLocation | null {
  if (entry.location) return entry.location;
  for (const line of entry.stack?.split('\n') ?? []) {
    const location = findLocation(line, files);
    if (location) return location;
  }
  return null;
}
