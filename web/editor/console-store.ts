import type { ConsoleEntry, PlaygroundEngine } from '../../runtime/contract/engine-api.ts';
import { createStore } from '../state/store.ts';
import { stateHook } from '../state/state-context.tsx';

/** Keeps memory bounded when a program logs in a tight loop. */
export const MAX_CONSOLE_ENTRIES = 500;

/** How long entries are gathered before the pane re-renders: a program logging in a loop costs one render per batch. */
const BATCH_MS = 100;

// Keyed by the entry object itself, so every console of the page can share them.
const keys = new WeakMap<ConsoleEntry, number>();
let lastKey = 0;

/** A stable key for an entry, so the pane re-renders only new lines when old ones scroll out. */
export function entryKey(entry: ConsoleEntry): number {
  return keys.get(entry) ?? 0;
}

/** The console part of the playground state. */
export type ConsolePart = ReturnType<typeof createConsoleState>;

/** Creates the program's console output, newest last, fed in batches. */
export function createConsoleState() {
  const consoleStore = createStore<{ entries: ConsoleEntry[] }>({ entries: [] });
  let pending: ConsoleEntry[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  /** Moves buffered entries into the store now, dropping the oldest beyond {@link MAX_CONSOLE_ENTRIES}. */
  function flushConsole(): void {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    consoleStore.set((s) => ({ entries: [...s.entries, ...batch].slice(-MAX_CONSOLE_ENTRIES) }));
  }

  /** Queues an entry; the store is updated at most once per {@link BATCH_MS}. */
  function appendConsole(entry: ConsoleEntry): void {
    keys.set(entry, ++lastKey);
    pending.push(entry);
    if (pending.length > 2 * MAX_CONSOLE_ENTRIES) pending = pending.slice(-MAX_CONSOLE_ENTRIES);
    flushTimer ??= setTimeout(flushConsole, BATCH_MS);
  }

  /** Empties the console, including entries not shown yet. */
  function clearConsole(): void {
    pending = [];
    flushConsole();
    consoleStore.set({ entries: [] });
  }

  /** Feeds the engine's console into the store; returns the unsubscribe function. */
  function connectConsole(engine: PlaygroundEngine): () => void {
    return engine.onConsole(appendConsole);
  }

  return { consoleStore, flushConsole, appendConsole, clearConsole, connectConsole };
}

/** The console part of the playground state, for components. */
export const useConsole = stateHook<ConsolePart>('console');

/** A `file:line:column` reference inside a stack trace. */
export interface StackLocation {
  file: string;
  line: number;
  column: number;
}

/**
 * Whether a stack line is a frame, in V8's form (`    at f (url:1:2)`) or Firefox's and WebKit's (`f@url:1:2`,
 * `forEach@[native code]`, and Firefox's `f@:1:2` for a module whose URL it leaves out); any other line is an error's message.
 */
export function isStackFrame(line: string): boolean {
  return /^\s*at\s/.test(line) || /@(?:\S*:\d+:\d+|\[native code\])\s*$/.test(line);
}

/** Finds references to the learner's files (e.g. `main.ts:12:5`) in a stack trace line. */
export function findLocation(text: string, files: string[]): StackLocation | null {
  // Longest first: `lib/db.ts:3` is in lib/db.ts, not in a db.ts beside main.ts.
  for (const file of [...files].sort((a, b) => b.length - a.length)) {
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(?:^|[\\s(/@])${escaped}:(\\d+)(?::(\\d+))?`).exec(text);
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

/**
 * The entry's message without the stack it repeats: a logged error's text carries its whole stack, which
 * the pane shows once, below, with the framework's frames folded.
 */
export function messageWithoutStack(entry: ConsoleEntry): string {
  if (!entry.stack) return entry.text;
  const frames = entry.stack.split('\n').filter(isStackFrame);
  if (frames.length === 0) return entry.text;
  const framesText = frames.join('\n');
  const at = entry.text.indexOf(framesText);
  if (at === -1) return entry.text;
  return (entry.text.slice(0, at) + entry.text.slice(at + framesText.length)).replace(/\n+$/, '').replace(/\n\n+/g, '\n');
}
