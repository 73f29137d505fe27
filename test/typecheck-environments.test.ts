/**
 * The per-environment tsconfigs `npm run typecheck` runs (DESIGN.md, "Top-level layout"): each refuses the globals
 * of the environments its code does not run in, so "platform-neutral" is a compiler fact. A probe file is checked
 * under each config by the real compiler; and every global the core may use exists in this Node.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMON_GLOBALS, COMMON_GLOBALS_FILE, writeCommonGlobals } from '../runtime/build/common-globals.ts';

const REPO = resolve(import.meta.dirname, '..');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
// Inside the repository, so each config's `types` resolve from its node_modules as they do for the real configs.
mkdirSync(join(REPO, 'test/.artifacts'), { recursive: true });
const dir = mkdtempSync(join(REPO, 'test/.artifacts/tsconfig-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The names the compiler could not find when `code` is checked under `config` (a repository path). */
async function unknownNames(config: string, code: string): Promise<string[]> {
  const name = config.replace(/\W/g, '-');
  writeFileSync(join(dir, `${name}.ts`), `export {};\n${code}\n`);
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({ extends: join(REPO, config), include: [], files: [COMMON_GLOBALS_FILE, join(dir, `${name}.ts`)] }),
  );
  const output = await promisify(execFile)(process.execPath, [TSC, '--noEmit', '-p', join(dir, `${name}.json`)]).then(
    () => '',
    (failed: { stdout: string }) => failed.stdout,
  );
  return [...output.matchAll(/Cannot find name '(\w+)'/g)].map((match) => match[1]).sort();
}

/** Uses each name as a value, so an unknown one is reported by name. */
const uses = (...names: string[]): string => `export const used = [${names.join(', ')}];`;

describe('per-environment tsconfigs', () => {
  writeCommonGlobals();

  it('the core (framework, contract, course core) sees the shared web globals and neither the DOM nor Node', async () => {
    const shared = uses('URL', 'Response', 'Request', 'Headers', 'fetch', 'AbortSignal', 'TextEncoder', 'console', 'performance');
    expect(await unknownNames('runtime/tsconfig.core.json', shared)).toEqual([]);
    const elsewhere = uses('document', 'window', 'localStorage', 'self', 'postMessage', 'process', 'Buffer', 'require');
    expect(await unknownNames('runtime/tsconfig.core.json', elsewhere)).toEqual([
      'Buffer',
      'document',
      'localStorage',
      'postMessage',
      'process',
      'require',
      'self',
      'window',
    ]);
  });

  it("workers see the worker scope and neither the DOM's page nor Node", async () => {
    expect(await unknownNames('runtime/tsconfig.worker.json', uses('self', 'postMessage', 'caches', 'URL'))).toEqual([]);
    expect(await unknownNames('runtime/tsconfig.worker.json', uses('document', 'window', 'localStorage', 'process', 'Buffer'))).toEqual([
      'Buffer',
      'document',
      'localStorage',
      'process',
      'window',
    ]);
  });

  it('the page sees the DOM and not Node', async () => {
    expect(await unknownNames('web/tsconfig.json', uses('document', 'window', 'localStorage'))).toEqual([]);
    expect(await unknownNames('web/tsconfig.json', uses('process', 'Buffer', '__dirname'))).toEqual(['Buffer', '__dirname', 'process']);
  });

  it('Node code sees Node and not the DOM', async () => {
    expect(await unknownNames('runtime/tsconfig.node.json', uses('process', 'Buffer', 'URL', 'fetch'))).toEqual([]);
    expect(await unknownNames('runtime/tsconfig.node.json', uses('document', 'window', 'localStorage'))).toEqual([
      'document',
      'localStorage',
      'window',
    ]);
  });

  it('every global the core may use is one of this Node too (WebSocket: a global from Node 22, read as optional)', () => {
    const values = COMMON_GLOBALS.filter((name) => !/Init$/.test(name) && name !== 'WebSocket');
    expect(values.filter((name) => !(name in globalThis))).toEqual([]);
  });
});
