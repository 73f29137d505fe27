import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { CHECK_FORMAT_ENTRY } from './halo-home.ts';

/** A lesson's `checks.ts` once run: its default export, and where each check and each of its keys is written. */
export interface LoadedChecks {
  /** The default export, not yet checked against the schema. */
  value: unknown;
  /** The 1-based line of each check in the file, in order (the export's line when the list is not written out). */
  lines: number[];
  /** The line of `export default`. */
  exportLine: number;
  /**
   * The line where check `index`'s `path` (keys and indexes down from the check) is written: the key of its
   * deepest part the source spells out (a value built by code stops the walk), else the check's own line.
   */
  lineOf: (index: number, path: readonly (string | number)[]) => number;
}

/** Why checks.ts cannot be loaded, at the line esbuild points at (a missing import), with paths relative to the lesson. */
export class ChecksLoadError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Runs a course's `checks.ts` on Node: bundled by esbuild, with `halo/course` resolved to
 * this framework's check format (halo-home.ts), wherever the course folder is (Halo's own lessons included).
 */
export async function loadChecks(file: string): Promise<LoadedChecks> {
  let built: esbuild.BuildResult<{ write: false }>;
  try {
    built = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
      alias: { 'halo/course': CHECK_FORMAT_ENTRY },
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    if (!first) throw error;
    // esbuild names files from the working folder; a fault in a file checks.ts imports is named from the lesson folder.
    const at = first.location && resolve(first.location.file);
    if (!at || at === resolve(file)) throw new ChecksLoadError(first.text, first.location?.line ?? 1);
    throw new ChecksLoadError(`${first.text} (in ${relative(dirname(file), at)}, line ${first.location?.line})`, 1);
  }
  const code = built.outputFiles[0].text;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: unknown };
  return { value: module.default, ...checkLines(file) };
}

/** The property or element of `node` that `key` names, when the source writes it out. */
function child(node: ts.Expression, key: string | number): { at: ts.Node; value: ts.Expression } | null {
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isArrayLiteralExpression(node) && typeof key === 'number') {
    const element = node.elements[key];
    return element ? { at: element, value: element } : null;
  }
  if (!ts.isObjectLiteralExpression(node)) return null;
  const property = node.properties.find(
    (p): p is ts.PropertyAssignment =>
      ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === String(key),
  );
  return property ? { at: property.name, value: property.initializer } : null;
}

/** Where the default export's checks start, read from the source with the TypeScript parser, and where their keys are. */
function checkLines(file: string): Omit<LoadedChecks, 'value'> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lineAt = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const assignment = source.statements.find(ts.isExportAssignment);
  if (!assignment) return { lines: [], exportLine: 1, lineOf: () => 1 };
  let list: ts.Expression = assignment.expression;
  while (ts.isCallExpression(list) && list.arguments.length === 1) list = list.arguments[0];
  while (ts.isAsExpression(list) || ts.isSatisfiesExpression(list) || ts.isParenthesizedExpression(list)) list = list.expression;
  const elements = ts.isArrayLiteralExpression(list) ? [...list.elements] : [];
  const exportLine = lineAt(assignment);
  const lineOf = (index: number, path: readonly (string | number)[]): number => {
    let node: ts.Expression | undefined = elements[index];
    if (!node) return exportLine;
    let line = lineAt(node);
    for (const key of path) {
      const found = child(node, key);
      if (!found) break;
      line = lineAt(found.at);
      node = found.value;
    }
    return line;
  };
  return { lines: elements.map(lineAt), exportLine, lineOf };
}
