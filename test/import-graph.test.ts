/**
 * The guard on the shape of runtime/ and web/: no import cycle between files or between folders
 * (type-only imports included), and the layering DESIGN.md names: runtime/ never imports web/,
 * runtime/framework imports no other runtime folder, runtime/contract (the types every side of the
 * playground runtime shares) imports nothing, and inside the framework routing knows nothing of
 * services or providers (services are plain data access, providers sit on top of both).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cycleGroups,
  fileGraph,
  folderGraph,
  importEdges,
  isInside,
  shortestCycle,
  sourceFiles,
  type ImportEdge,
} from './support/import-graph.ts';

const REPO = resolve(import.meta.dirname, '..');
const RUNTIME = join(REPO, 'runtime');
const FRAMEWORK = join(RUNTIME, 'framework');

/**
 * Each group of nodes caught in cycles, as its members and one shortest cycle through them, each hop
 * with an import behind it when `examples` has one: what a failure prints so the tangle can be undone.
 */
function described(graph: Map<string, Set<string>>, groups: string[][], examples?: Map<string, ImportEdge>): string {
  return groups
    .map((group) => {
      const cycle = shortestCycle(graph, group);
      const hops = cycle.slice(1).map((to, at) => {
        const example = examples?.get(`${cycle[at]} -> ${to}`);
        return `  ${cycle[at]} -> ${to}${example ? ` (${example.from} imports ${example.to})` : ''}`;
      });
      return `${group.length} import each other: ${group.join(', ')}\n${hops.join('\n')}`;
    })
    .join('\n\n');
}

describe.each(['runtime', 'web'])('%s/ imports', (folder) => {
  const root = join(REPO, folder);
  const edges = importEdges(root);

  it('form no cycle between files', () => {
    const graph = fileGraph(root, edges);
    const groups = cycleGroups(graph);
    expect(groups, `import cycles between files of ${folder}/:\n${described(graph, groups)}`).toEqual([]);
  });

  it('form no cycle between folders (a sub-folder counts as part of its parent)', () => {
    const { graph, examples } = folderGraph(root, edges);
    const groups = cycleGroups(graph);
    expect(groups, `import cycles between folders of ${folder}/:\n${described(graph, groups, examples)}`).toEqual([]);
  });
});

describe('layering', () => {
  it('runtime/ never imports web/', () => {
    const web = join(REPO, 'web');
    const upward = importEdges(RUNTIME).filter((edge) => isInside(edge.to, web));
    expect(upward.map((edge) => `${relative(REPO, edge.from)} imports ${relative(REPO, edge.to)}`)).toEqual([]);
  });

  it('runtime/framework imports nothing from the other runtime folders', () => {
    const outside = importEdges(FRAMEWORK).filter((edge) => isInside(edge.to, RUNTIME) && !isInside(edge.to, FRAMEWORK));
    expect(outside.map((edge) => `${relative(REPO, edge.from)} imports ${relative(REPO, edge.to)}`)).toEqual([]);
  });

  it("runtime/contract, the playground runtime's bottom floor, imports nothing from outside itself", () => {
    const contract = join(RUNTIME, 'contract');
    const outside = importEdges(contract).filter((edge) => !isInside(edge.to, contract));
    expect(outside.map((edge) => `${relative(REPO, edge.from)} imports ${relative(REPO, edge.to)}`)).toEqual([]);
  });

  it('framework routing imports nothing from services or providers', () => {
    for (const file of sourceFiles(join(FRAMEWORK, 'routing'))) {
      expect(readFileSync(file, 'utf8'), relative(FRAMEWORK, file)).not.toMatch(/from '\.\.\/(services|providers)\//);
    }
  });
});
