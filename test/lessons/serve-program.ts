import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `halo` resolves to the package itself. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The file a lesson program starts from: `<program>.ts`, or `<program>/main.ts` for a program of several files. */
export function lessonProgramPath(lessonId: string, program: 'starter' | 'solution'): string {
  const single = join(repoRoot, 'lessons', lessonId, `${program}.ts`);
  return existsSync(single) ? single : join(repoRoot, 'lessons', lessonId, program, 'main.ts');
}
