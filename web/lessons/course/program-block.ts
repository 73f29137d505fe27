import { ENTRY_FILE } from '../../state/files-store.ts';

/** `import … from 'halo'`: the block starts a program of its own rather than adding to one. */
const IMPORTS_HALO = /^\s*import\b[^;]*\bfrom\s*['"]halo['"]/m;
/** `.startServer(`: the program listens, so requests reach it once it runs. */
const STARTS_SERVER = /\.startServer\s*\(/;

/**
 * Whether a lesson's code block is a whole file that may replace `file`'s content: a block named after a
 * file of its own (```ts title=todos.service.ts), or a complete program for the entry file (it imports
 * halo and starts the server). Anything else is a fragment, which only goes in at the cursor: put in place
 * of the program, it would leave nothing listening.
 */
export function isWholeFile(code: string, file: string): boolean {
  if (file !== ENTRY_FILE) return true;
  return IMPORTS_HALO.test(code) && STARTS_SERVER.test(code);
}
