import type { ConsoleEntry } from '../contract/engine-api.ts';
import { formatArgs } from './format-console.ts';
import type { StackMapper } from './stack-mapper.ts';

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** Sends console output and uncaught errors of the program to the page, with stacks mapped to its files. */
export class ProgramConsole {
  /** Maps stacks of the program currently loaded. */
  mapper: StackMapper | null = null;

  /** Reports through `send`. */
  constructor(private readonly send: (entry: ConsoleEntry) => void) {}

  /** Replaces `console.log/info/warn/error/debug` with versions that forward to the page. */
  install(target: Console): void {
    for (const level of LEVELS) {
      target[level] = (...args: unknown[]) => this.emit(level, args);
    }
  }

  /** Reports an uncaught error or rejection. */
  reportUncaught(prefix: string, error: unknown): void {
    this.emit('error', [prefix, error]);
  }

  private emit(level: ConsoleEntry['level'], args: unknown[]): void {
    const mapStack = (stack: string): string => this.mapper?.mapStack(stack) ?? stack;
    const error = args.find((arg): arg is Error => arg instanceof Error);
    const entry: ConsoleEntry = { level, text: formatArgs(args, mapStack), time: Date.now() };
    if (error?.stack) {
      entry.stack = mapStack(error.stack);
      const location = this.mapper?.firstLocation(error.stack);
      if (location) entry.location = location;
    } else {
      const location = this.mapper?.firstLocation(new Error().stack ?? '');
      if (location) entry.location = location;
    }
    this.send(entry);
  }
}
