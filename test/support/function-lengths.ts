/**
 * The length in lines of every function written in a source tree (declarations, methods, constructors, getters,
 * arrow functions and function expressions, nested ones included), read with TypeScript's parser.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './import-graph.ts';

/** One function: where it starts, what it is called and how many lines it spans. */
export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** A function's name as a reader finds it: its own, the variable or property it is given to, or the call it is passed to. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(passed to ${parent.expression.getText().slice(0, 40)})`;
  return '<anonymous>';
}

/** Every function of `file`, its path given relative to `root`. */
function lengthsIn(root: string, file: string): FunctionLength[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      found.push({
        file: relative(root, file),
        line: first + 1,
        name: nameOf(node),
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function under the folders `dirs` of `root` (declaration files left out), longest first. */
export function functionLengths(root: string, dirs: string[]): FunctionLength[] {
  return dirs
    .flatMap((dir) => sourceFiles(`${root}/${dir}`).filter((file) => !file.endsWith('.d.ts')))
    .flatMap((file) => lengthsIn(root, file))
    .sort((a, b) => b.lines - a.lines);
}
