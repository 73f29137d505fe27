/**
 * The per-environment tsconfigs `npm run typecheck` runs (DESIGN.md, "Top-level layout"): each refuses the globals
 * of the environments its code does not run in, so "platform-neutral" is a compiler fact. A probe file is checked
 * under each config by the real compiler (in this process, the probes sharing the library files they parse); every
 * file of the tree is checked, in the environment whose tsconfig includes it; and every global the core may use
 * exists in this Node.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_GLOBALS, COMMON_GLOBALS_FILE, writeCommonGlobals } from '../runtime/build/common-globals.ts';
import { createSharingHost, projects } from '../runtime/build/typecheck.ts';

const REPO = resolve(import.meta.dirname, '..');
// Inside the repository, so each config's `types` resolve from its node_modules as they do for the real configs.
mkdirSync(join(REPO, 'test/.artifacts'), { recursive: true });
const dir = mkdtempSync(join(REPO, 'test/.artifacts/tsconfig-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * For each of `probes` (code), the names the compiler could not find when it is checked under `config` (a
 * repository path): one program per config, with each probe a file of its own.
 */
function unknownNames(config: string, ...probes: string[]): string[][] {
  const files = probes.map((code, i) => {
    const file = join(dir, `${config.replace(/\W/g, '-')}-${i}.ts`);
    writeFileSync(file, `export {};\n${code}\n`);
    return file;
  });
  const parsed = ts.parseJsonConfigFileContent(
    { extends: join(REPO, config), include: [], files: [COMMON_GLOBALS_FILE, ...files] },
    ts.sys,
    dir,
  );
  expect(parsed.errors).toEqual([]);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: createSharingHost(parsed.options, parsedFiles),
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  // Every diagnostic is a probe's: none is lost by being elsewhere.
  expect(diagnostics.filter((diagnostic) => !files.includes(diagnostic.file?.fileName ?? ''))).toEqual([]);
  return files.map((file) =>
    diagnostics
      .filter((diagnostic) => diagnostic.file?.fileName === file)
      .flatMap((diagnostic) => /Cannot find name '(\w+)'/.exec(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))?.[1] ?? [])
      .sort(),
  );
}

/** Uses each name as a value, so an unknown one is reported by name. */
const uses = (...names: string[]): string => `export const used = [${names.join(', ')}];`;

describe('per-environment tsconfigs', () => {
  writeCommonGlobals();

  it('the core (framework, contract, course core) sees the shared web globals and neither the DOM nor Node', () => {
    const [shared, elsewhere] = unknownNames(
      'runtime/tsconfig.core.json',
      uses('URL', 'Response', 'Request', 'Headers', 'fetch', 'AbortSignal', 'TextEncoder', 'console', 'performance'),
      uses('document', 'window', 'localStorage', 'self', 'postMessage', 'process', 'Buffer', 'require'),
    );
    expect(shared).toEqual([]);
    expect(elsewhere).toEqual(['Buffer', 'document', 'localStorage', 'postMessage', 'process', 'require', 'self', 'window']);
  });

  it("workers see the worker scope and neither the DOM's page nor Node", () => {
    const [own, elsewhere] = unknownNames(
      'runtime/tsconfig.worker.json',
      uses('self', 'postMessage', 'caches', 'URL'),
      uses('document', 'window', 'localStorage', 'process', 'Buffer'),
    );
    expect(own).toEqual([]);
    expect(elsewhere).toEqual(['Buffer', 'document', 'localStorage', 'process', 'window']);
  });

  it('the page sees the DOM and not Node', () => {
    const [own, elsewhere] = unknownNames(
      'web/tsconfig.json',
      uses('document', 'window', 'localStorage'),
      uses('process', 'Buffer', '__dirname'),
    );
    expect(own).toEqual([]);
    expect(elsewhere).toEqual(['Buffer', '__dirname', 'process']);
  });

  it('Node code sees Node and not the DOM', () => {
    const [own, elsewhere] = unknownNames(
      'runtime/tsconfig.node.json',
      uses('process', 'Buffer', 'URL', 'fetch'),
      uses('document', 'window', 'localStorage'),
    );
    expect(own).toEqual([]);
    expect(elsewhere).toEqual(['document', 'localStorage', 'window']);
  });

  it('npm run typecheck checks every file of tsconfig.json: in the environment whose tsconfig includes it, else under tsconfig.json', () => {
    const all = projects();
    const checkedBy = (file: string): string[] => all.filter(({ files }) => files.includes(resolve(REPO, file))).map(({ name }) => name);
    expect(checkedBy('runtime/framework/app.ts')).toEqual(['core']);
    expect(checkedBy('runtime/server-worker/program-console.ts')).toEqual(['worker']);
    expect(checkedBy('web/main.tsx')).toEqual(['web']);
    expect(checkedBy('runtime/node/app-http.ts')).toEqual(['node']);
    expect(checkedBy('lessons/01-getting-started/solution.ts')).toEqual(['rest']);
    expect(checkedBy('test/typecheck-environments.test.ts')).toEqual(['rest']);
    const checked = new Set(all.flatMap(({ files }) => files));
    const root = all.find(({ name }) => name === 'rest')!.parsed.fileNames;
    expect(root.length).toBeGreaterThan(500);
    expect(root.filter((file) => !checked.has(resolve(file)))).toEqual([]);
  });

  it('every global the core may use is one of this Node too (WebSocket: a global from Node 22, read as optional)', () => {
    const values = COMMON_GLOBALS.filter((name) => !/Init$/.test(name) && name !== 'WebSocket');
    expect(values.filter((name) => !(name in globalThis))).toEqual([]);
  });
});
