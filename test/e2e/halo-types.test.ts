/**
 * The bundled `halo.d.ts` the editor loads (written by `npm run build:types`): programs of the
 * playground type-check against it alone, as Monaco sees them, and it imports nothing else.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './harness/paths.ts';

const DTS = `${REPO_ROOT}/web/generated/halo.d.ts`;

function typeErrors(source: string, name: string): string[] {
  // Outside the repository, where `halo` would resolve to its own sources by package self-reference.
  const dir = mkdtempSync(`${tmpdir()}/halo-types-${name}-`);
  mkdirSync(`${dir}/node_modules/halo`, { recursive: true });
  writeFileSync(`${dir}/node_modules/halo/index.d.ts`, readFileSync(DTS, 'utf8'));
  writeFileSync(`${dir}/main.ts`, source);
  const program = ts.createProgram([`${dir}/main.ts`], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  rmSync(dir, { recursive: true, force: true });
  return errors;
}

test('the bundled declaration is self-contained', () => {
  const dts = readFileSync(DTS, 'utf8');
  expect(dts).not.toMatch(/^import /m);
  expect(dts).toMatch(/export declare class App\b/);
  expect(dts).toMatch(/export declare class AppHttp\b/);
});

test.each([
  ['the example program', 'lessons/getting-started/app.ts'],
  ['a program with @Middleware decorators', 'lessons/12-middleware-and-params/solution.ts'],
])('%s type-checks against it', (_name, path) => {
  expect(typeErrors(readFileSync(`${REPO_ROOT}/${path}`, 'utf8'), path.replace(/\W+/g, '-'))).toEqual([]);
});

test('a misuse is a type error', () => {
  const errors = typeErrors("import { App } from 'halo';\nconst app = new App();\napp.get('/', (req, res) => res.writ('x'));\n", 'misuse');
  expect(errors.join('\n')).toContain("Property 'writ' does not exist");
});

test('a program that passes Node server options to AppHttp type-checks in the playground too', () => {
  const source =
    "import { App, AppHttp } from 'halo';\nconst app = new App();\nawait new AppHttp(app, { headersTimeout: 10_000, multipart: { files: 5 } }).startServer('localhost', 3000);\n";
  expect(typeErrors(source, 'options')).toEqual([]);
});
