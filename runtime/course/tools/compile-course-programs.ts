import * as esbuild from 'esbuild';
import { compileProgram, type Esbuild } from '../../compiler/compile.ts';
import type { CourseOnDisk } from './read-course.ts';

/**
 * Every starter and solution of `course`, and its example program, compiled ahead with the compiler the page runs
 * (`compileProgram`, same options and content ids) on the native esbuild: JavaScript by compile id, each program
 * once. The page runs these without waiting for esbuild-wasm. A program that does not compile throws, naming its file
 * and each error's line.
 */
export async function compileCoursePrograms(course: CourseOnDisk, haloExports: readonly string[]): Promise<Map<string, string>> {
  const programs = [...course.lessons.flatMap((lesson) => [lesson.starter, lesson.solution]), ...(course.example ? [course.example] : [])];
  const compiled = await Promise.all(
    programs.map(async (program) => ({
      program,
      // The native API is the wasm one's: the compiler only calls build().
      result: await compileProgram(esbuild as unknown as Esbuild, { files: program.files, entry: 'main.ts', haloExports }),
    })),
  );
  const bundles = new Map<string, string>();
  for (const { program, result } of compiled) {
    if (!result.ok)
      throw new Error(
        `${program.entry} does not compile: ${result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`).join('; ')}`,
      );
    bundles.set(result.bundle.id, result.bundle.code);
  }
  return bundles;
}
