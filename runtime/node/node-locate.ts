import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceLocation } from '../framework/tracing/trace-data.ts';

/** The folder holding Halo's own code (runtime/): frames there are the framework's, not the program's. */
const HALO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `at f (/app/main.ts:12:5)`, `at /app/main.ts:12:5`, `at file:///app/main.ts:12:5`. */
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * The program's file and line in a Node stack: its first frame outside Halo's code and Node's own,
 * with the file relative to the working directory (as a terminal user reads it).
 */
export function locateInNodeStack(stack: string): TraceLocation | undefined {
  for (const line of stack.split('\n')) {
    const frame = FRAME.exec(line);
    if (!frame) continue;
    const file = frame[1].startsWith('file://') ? fileURLToPath(frame[1]) : frame[1];
    if (file.startsWith('node:') || file.startsWith(HALO_ROOT) || file.includes(`${sep}node_modules${sep}`)) continue;
    const shown = relative(process.cwd(), file);
    return { file: shown.startsWith('..') ? file : shown, line: Number(frame[2]), column: Number(frame[3]) };
  }
  return undefined;
}
