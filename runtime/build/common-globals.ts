/**
 * Writes the declaration of the web globals Node 20 and every browser engine share, and no other: what the
 * platform-neutral code (framework, contract, course core; `runtime/tsconfig.core.json`) may use besides the
 * ECMAScript library. Cut from TypeScript's own worker library, so each global keeps its standard type: the
 * listed globals as values, and every interface or type they mention as a type only (a `MessagePort` in a
 * signature is no `MessagePort` to construct). Run by `npm run typecheck` (runtime/build/typecheck.ts), before the compiler.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Where `runtime/tsconfig.core.json` reads it from. */
export const COMMON_GLOBALS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../node_modules/.cache/halo/common-globals.d.ts');

/**
 * The globals the core may use: the web APIs Node 20 has as globals too (WinterTC's minimum common API, as far
 * as the core needs it). Adding one is a decision about where the core runs: it must exist in Node 20 and in
 * every browser engine's workers and pages. `WebSocket`'s type is Node 20's too, but its value is a global from
 * Node 22 only: the core reads it as `globalThis.WebSocket`, possibly absent, and takes a class as an option.
 */
export const COMMON_GLOBALS = [
  'AbortController',
  'AbortSignal',
  'Blob',
  'console',
  'DOMException',
  'File',
  'fetch',
  'FormData',
  'Headers',
  'performance',
  'ReadableStream',
  'Request',
  'RequestInit',
  'Response',
  'ResponseInit',
  'TextDecoder',
  'TextEncoder',
  'URL',
  'URLSearchParams',
  'WebSocket',
];

/** TypeScript's library files the globals are cut from: the worker scope, which has no DOM. */
const LIBRARY_FILES = ['lib.webworker.d.ts', 'lib.webworker.iterable.d.ts', 'lib.webworker.asynciterable.d.ts'];

/** Every top-level declaration of the library files, by the name it declares. */
function declarationsByName(libDir: string): Map<string, ts.Statement[]> {
  const byName = new Map<string, ts.Statement[]>();
  for (const file of LIBRARY_FILES) {
    const source = ts.createSourceFile(file, readFileSync(resolve(libDir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      const names = ts.isVariableStatement(statement)
        ? statement.declarationList.declarations.map((declaration) => declaration.name.getText())
        : ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isFunctionDeclaration(statement)
          ? [statement.name?.getText() ?? '']
          : [];
      for (const name of names) byName.set(name, [...(byName.get(name) ?? []), statement]);
    }
  }
  return byName;
}

/** The names a declaration refers to as types (`Foo`, `Foo.Bar`'s `Foo`, `extends Foo`, `typeof Foo`). */
function referencedNames(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (ts.isTypeReferenceNode(child) || ts.isTypeQueryNode(child)) {
      const name = ts.isTypeReferenceNode(child) ? child.typeName : child.exprName;
      names.add((ts.isQualifiedName(name) ? leftmost(name) : name).getText());
    } else if (ts.isExpressionWithTypeArguments(child) && ts.isIdentifier(child.expression)) {
      names.add(child.expression.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return names;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isQualifiedName(name.left) ? leftmost(name.left) : name.left;
}

/** The declaration text: each listed global whole, and the types it needs, transitively, as types only. */
function commonGlobalsDeclaration(): string {
  const libDir = dirname(createRequire(import.meta.url).resolve('typescript/lib/lib.webworker.d.ts'));
  const byName = declarationsByName(libDir);
  const missing = COMMON_GLOBALS.filter((name) => !byName.has(name));
  if (missing.length > 0) throw new Error(`common-globals: not in TypeScript's worker library: ${missing.join(', ')}`);
  const emitted = new Set<ts.Statement>();
  const seen = new Set<string>();
  const queue = [...COMMON_GLOBALS];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const asValue = COMMON_GLOBALS.includes(name);
    for (const statement of byName.get(name) ?? []) {
      // A type that is not a listed global comes without its constructor or function: types only.
      if (!asValue && (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement))) continue;
      emitted.add(statement);
      for (const referenced of referencedNames(statement)) if (byName.has(referenced)) queue.push(referenced);
    }
  }
  const body = [...emitted].map((statement) => statement.getText()).join('\n');
  return `// Generated by runtime/build/common-globals.ts from TypeScript ${ts.version}'s worker library; do not edit.\n${body}\n`;
}

/**
 * Writes the declaration to {@link COMMON_GLOBALS_FILE} when it differs, whole (a temporary file renamed over it): a
 * type-check that reads it at the same time, in a test or another run, sees the old text or the new.
 */
export function writeCommonGlobals(): void {
  const text = commonGlobalsDeclaration();
  if (existsSync(COMMON_GLOBALS_FILE) && readFileSync(COMMON_GLOBALS_FILE, 'utf8') === text) return;
  mkdirSync(dirname(COMMON_GLOBALS_FILE), { recursive: true });
  const temporary = `${COMMON_GLOBALS_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, COMMON_GLOBALS_FILE);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeCommonGlobals();
