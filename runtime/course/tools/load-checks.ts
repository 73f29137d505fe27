import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { REPO_ROOT } from './course-dir.ts';

/** A lesson's `checks.ts` once run: its default export, and the line where each element of the list starts. */
export interface LoadedChecks {
  /** The default export, not yet checked against the schema. */
  value: unknown;
  /** The 1-based line of each check in the file, in order (the export's line when the list is not written out). */
  lines: number[];
  /** The line of `export default`. */
  exportLine: number;
}

/**
 * Runs a course's `checks.ts` on Node: bundled by esbuild, with `halo/course` resolved to
 * the check format of this repository, wherever the course folder is (Halo's own lessons included).
 */
export async function loadChecks(file: string): Promise<LoadedChecks> {
  const built = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
    alias: { 'halo/course': `${REPO_ROOT}runtime/course/format/check-format.ts` },
  });
  const code = built.outputFiles[0].text;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: unknown };
  return { value: module.default, ...checkLines(file) };
}

/** Where the default export's checks start, read from the source with the TypeScript parser. */
function checkLines(file: string): { lines: number[]; exportLine: number } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lineAt = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const assignment = source.statements.find(ts.isExportAssignment);
  if (!assignment) return { lines: [], exportLine: 1 };
  let list: ts.Expression = assignment.expression;
  while (ts.isCallExpression(list) && list.arguments.length === 1) list = list.arguments[0];
  while (ts.isAsExpression(list) || ts.isSatisfiesExpression(list) || ts.isParenthesizedExpression(list)) list = list.expression;
  return { lines: ts.isArrayLiteralExpression(list) ? list.elements.map(lineAt) : [], exportLine: lineAt(assignment) };
}
