import type { Files } from '../state/files-store.ts';

/** `import { …, PgService, … } from 'halo'`: the program loads PGlite when it starts. */
const IMPORTS_PG_SERVICE = /\bimport\s*\{[^}]*\bPgService\b[^}]*\}\s*from\s*['"]halo['"]/;

/** Whether a program of `files` loads PGlite when it starts. */
export function importsPgService(files: Files): boolean {
  return Object.values(files).some((code) => IMPORTS_PG_SERVICE.test(code));
}
