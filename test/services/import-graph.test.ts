/**
 * runtime/framework has no import circles (type-only imports included): services are plain data
 * access, routing knows nothing of services, providers sit on top of both.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../runtime/framework');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every cycle found by a depth-first walk, as the list of files (relative to runtime/framework) around it. */
function cycles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(ROOT)) {
    const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
    graph.set(file, imports.filter((name) => name.startsWith('.')).map((name) => resolve(dirname(file), name)).filter((path) => path.startsWith(ROOT)));
  }
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((path) => relative(ROOT, path)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('runtime/framework imports', () => {
  it('form no circles', () => {
    expect(cycles()).toEqual([]);
  });

  it('routing imports nothing from services or providers', () => {
    for (const file of sourceFiles(join(ROOT, 'routing'))) {
      expect(readFileSync(file, 'utf8'), relative(ROOT, file)).not.toMatch(/from '\.\.\/(services|providers)\//);
    }
  });
});
