/**
 * The compiler's core (runtime/compiler/compile.ts) on Node's esbuild-wasm: the same code the compiler
 * worker runs, checked without a browser.
 */
import * as esbuild from 'esbuild-wasm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as halo from '../../runtime/browser/index.ts';
import { compileProgram } from '../../runtime/compiler/compile.ts';
import { SourceMap } from '../../runtime/server-worker/source-map.ts';
import { StackMapper } from '../../runtime/server-worker/stack-mapper.ts';

const haloExports = Object.keys(halo);
const compile = (files: Record<string, string>, entry = 'main.ts') => compileProgram(esbuild, { files, entry, haloExports });

beforeAll(async () => {
  await esbuild.initialize({});
});
afterAll(async () => {
  await esbuild.stop();
});

test('columns count characters, not UTF-8 bytes', async () => {
  const result = await compile({ 'main.ts': "const s = 'ééé'; let = ;" });
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.diagnostics[0]).toMatchObject({ file: 'main.ts', line: 1, column: 24, severity: 'error' });
});

test('relative imports resolve among the files, with or without extension, from sub-folders', async () => {
  const result = await compile({
    'main.ts': "import { twice } from './lib/math';\nimport { name } from './lib';\nconsole.log(twice(2), name);",
    'lib/math.ts': "import { one } from '../one.ts';\nexport const twice = (n: number) => n * 2 * one;",
    'lib/index.ts': "export const name = 'lib';",
    'one.ts': 'export const one = 1;',
  });
  expect(result.ok).toBe(true);
});

test('a missing file and an unknown package are diagnostics', async () => {
  const missing = await compile({ 'main.ts': "import { x } from './nope';\nconsole.log(x);" });
  expect(!missing.ok && missing.diagnostics[0].message).toContain('Cannot find the file "./nope"');
  const pkg = await compile({ 'main.ts': "import express from 'express';\nconsole.log(express);" });
  expect(!pkg.ok && pkg.diagnostics[0].message).toContain('can import "halo" and its own files only');
  const entry = await compile({ 'app.ts': '' });
  expect(!entry.ok && entry.diagnostics[0].message).toContain('no file "main.ts"');
});

test('a name halo does not export is a compile error', async () => {
  const result = await compile({ 'main.ts': "import { Apq } from 'halo';\nconsole.log(Apq);" });
  expect(!result.ok && result.diagnostics[0]).toMatchObject({ file: 'main.ts', line: 1 });
});

test('standard decorators are lowered; the bundle reads halo from the global the server worker sets', async () => {
  const result = await compile({
    'main.ts':
      "import { App } from 'halo';\nfunction tag(v: unknown, _c: ClassDecoratorContext) { return v as never; }\n@tag class A {}\nconsole.log(new App(), A);",
  });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.bundle.code).not.toMatch(/^\s*@tag/m);
  expect(result.bundle.code).toContain('globalThis.__halo');
});

test('the inline source map points generated lines back at the learner’s file and line', async () => {
  const result = await compile({ 'main.ts': "import { App } from 'halo';\n\n\nconst marker = new App();\nconsole.log(marker);" });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const lines = result.bundle.code.split('\n');
  const generated = lines.findIndex((line) => line.includes('var marker')) + 1;
  const map = SourceMap.fromInline(result.bundle.code);
  expect(map?.originalPosition(generated, lines[generated - 1].indexOf('marker') + 1)).toMatchObject({ file: 'main.ts', line: 4 });
});

test("the stack mapper maps the program's blob: URL frames in V8's and in Firefox's and WebKit's forms", async () => {
  const result = await compile({
    'main.ts':
      "import { App } from 'halo';\n\nconst app = new App();\nfunction fail(): never {\n  throw new Error('boom');\n}\nconsole.log(app, fail);",
  });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const lines = result.bundle.code.split('\n');
  const line = lines.findIndex((text) => text.includes('throw new Error')) + 1;
  const column = lines[line - 1].indexOf('throw') + 1;
  const url = 'blob:null/6f1c2a9e-58b4-4d3e-9b1f-0c2d3e4f5a6b';
  const mapper = new StackMapper([url, 'halo-program.js'], () => SourceMap.fromInline(result.bundle.code));
  const v8 = `Error: boom\n    at fail (${url}:${line}:${column})\n    at dispatch (blob:null/other:3:1)`;
  expect(mapper.mapStack(v8)).toBe('Error: boom\n    at fail (main.ts:5:3)\n    at dispatch (blob:null/other:3:1)');
  const gecko = `fail@${url}:${line}:${column}\n@${url}:${line}:${column}\nforEach@[native code]\n`;
  expect(mapper.mapStack(gecko)).toBe('fail@main.ts:5:3\n@main.ts:5:3\nforEach@[native code]\n');
  expect(mapper.firstLocation(gecko)).toEqual({ file: 'main.ts', line: 5, column: 3 });
  // Firefox 140.12 names a blob: module by its sourceURL only, and leaves other blob: modules (the framework's) unnamed.
  const named = `fail@halo-program.js:${line}:${column}\n@:47:9\n`;
  expect(mapper.mapStack(named)).toBe('fail@main.ts:5:3\n@:47:9\n');
});
