/**
 * The guard on the shape of runtime/ and web/ (DESIGN.md, "Top-level layout"): no import cycle between files, none
 * between top-level folders (a file in `runtime/course/checks/` counts as `runtime/course`, so a cycle cannot hide
 * by moving one end into a sub-folder) and none between folders at any depth; and every import rule of the design,
 * read from the `[from, to, why]` list below, kept. Type-only and dynamic imports count.
 */
import { existsSync } from 'node:fs';
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
  topFolderGraph,
  type ImportEdge,
} from './support/import-graph.ts';

const REPO = resolve(import.meta.dirname, '..');

/** As a rule's `to`: any file of the project outside the rule's `from`. */
const ANYTHING_ELSE = '*';

/** The course core: platform-neutral, run by the page, the workers, the Node tests, the validator and the classroom. */
const COURSE_CORE = ['runtime/course/format', 'runtime/course/text', 'runtime/course/checks', 'runtime/course/exercises'];

/** Folders whose code ships to the page or to one of its workers. */
const SHIPS_TO_THE_PAGE = [
  'web',
  'runtime/framework',
  'runtime/browser',
  'runtime/contract',
  'runtime/assets',
  'runtime/compiler',
  'runtime/server-worker',
  'runtime/service-worker',
  'runtime/engine',
  'runtime/embed',
  ...COURSE_CORE,
];

/** What runs on Node only, never on the page: build steps, the course tools (CLIs, validator), the Node adapter. */
const NODE_ONLY = ['runtime/build', 'runtime/course/tools', 'runtime/node'];

/** One import rule: no file under `from` imports a file under `to` (repository paths), because of `why`. */
type ImportRule = [from: string | string[], to: string | string[], why: string];

/** The design's import rules (DESIGN.md, "Top-level layout" and the framework decisions). */
const RULES: ImportRule[] = [
  [
    'runtime/framework',
    ANYTHING_ELSE,
    'the framework is the platform-neutral core: it imports nothing outside itself, and the adapters (node/, browser/) depend on it, never the reverse',
  ],
  [
    'runtime/contract',
    ANYTHING_ELSE,
    'runtime/contract is the bottom floor: types and constants every side shares, importing nothing of the project',
  ],
  ['runtime', 'web', 'web/ depends on runtime/, never the reverse'],
  [
    'web',
    ['runtime/compiler', 'runtime/server-worker', 'runtime/service-worker'],
    "runtime/engine is the page's facade over the compiler, the server host and the msw bridge: the page reaches them through it",
  ],
  [
    'web',
    'lessons',
    'a course is data: the page gets its course, first program included, from the course module, never a lesson file by path',
  ],
  [SHIPS_TO_THE_PAGE, NODE_ONLY, 'this code ships to the page; build steps, course tools and the Node adapter run on Node only'],
  [['runtime/node', 'runtime/classroom'], 'runtime/browser', "the Node side never imports the browser's adapter"],
  ['runtime/browser', 'runtime/node', "the browser's adapter never imports the Node adapter"],
  [COURSE_CORE, 'runtime/classroom', 'the class server uses the course, never the reverse'],
  [
    'runtime/course/format',
    ['runtime/course/text', 'runtime/course/checks', 'runtime/course/exercises', 'runtime/course/tools'],
    "the course format is the course family's floor: text, checks, exercises and tools read it",
  ],
  [
    ['runtime/course/text', 'runtime/course/checks'],
    'runtime/course/exercises',
    'an exercise uses the check runner and the text, never the reverse',
  ],
  [
    ['runtime/framework/routing'],
    ['runtime/framework/services', 'runtime/framework/providers'],
    'routing knows nothing of services or providers',
  ],
  ['runtime/framework/services', 'runtime/framework/providers', 'services are data access; providers are transports on top of them'],
  [
    'lessons',
    ANYTHING_ELSE,
    'a course is data: lessons import `halo` and `halo/course` like every other course, never a file of the project by path',
  ],
];

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

/** `from imports to`, in repository paths. */
const shown = (edge: ImportEdge): string => `${relative(REPO, edge.from)} imports ${relative(REPO, edge.to)}`;

describe.each(['runtime', 'web'])('%s/ imports', (folder) => {
  const root = join(REPO, folder);
  const edges = importEdges(root);

  it('form no cycle between files', () => {
    const graph = fileGraph(root, edges);
    const groups = cycleGroups(graph);
    expect(groups, `import cycles between files of ${folder}/:\n${described(graph, groups)}`).toEqual([]);
  });

  it('form no cycle between top-level folders (a file in a sub-folder counts as its top-level folder)', () => {
    const { graph, examples } = topFolderGraph(root, edges);
    const groups = cycleGroups(graph);
    expect(groups, `import cycles between the folders of ${folder}/:\n${described(graph, groups, examples)}`).toEqual([]);
  });

  it('form no cycle between folders at any depth (a sub-folder counts as part of its parent)', () => {
    const { graph, examples } = folderGraph(root, edges);
    const groups = cycleGroups(graph);
    expect(groups, `import cycles between folders of ${folder}/:\n${described(graph, groups, examples)}`).toEqual([]);
  });
});

describe("the design's import rules", () => {
  const edges = ['runtime', 'web', 'lessons'].flatMap((folder) => importEdges(join(REPO, folder)));
  const list = (paths: string | string[]): string[] => (Array.isArray(paths) ? paths : [paths]);
  const rows = RULES.map((rule) => [`${list(rule[0]).join(', ')} -> ${list(rule[1]).join(', ')}`, rule] as const);

  it.each(rows)('%s: none', (_title, [from, to, why]) => {
    const froms = list(from).map((path) => join(REPO, path));
    const tos = list(to).map((path) => join(REPO, path));
    // A rule about a folder that is gone guards nothing: it must follow the folder's new name.
    expect([...froms, ...tos].filter((path) => !path.endsWith(ANYTHING_ELSE) && !existsSync(path))).toEqual([]);
    const offending = edges.filter((edge) => {
      const source = froms.find((path) => isInside(edge.from, path));
      if (!source) return false;
      return to === ANYTHING_ELSE ? isInside(edge.to, REPO) && !isInside(edge.to, source) : tos.some((path) => isInside(edge.to, path));
    });
    expect(offending.map(shown), why).toEqual([]);
  });

  it('nothing the page imports reaches Node-only code, at any depth', () => {
    const next = new Map<string, string[]>();
    for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    // Breadth first from every file that ships, remembering who reached what, to print the chain.
    const reachedFrom = new Map<string, string | undefined>();
    const queue = SHIPS_TO_THE_PAGE.flatMap((folder) => sourceFiles(join(REPO, folder)));
    for (const file of queue) reachedFrom.set(file, undefined);
    for (let at = 0; at < queue.length; at++)
      for (const to of next.get(queue[at]) ?? [])
        if (!reachedFrom.has(to)) {
          reachedFrom.set(to, queue[at]);
          queue.push(to);
        }
    const chain = (file: string): string => {
      const path = [file];
      for (let by = reachedFrom.get(file); by; by = reachedFrom.get(by)) path.unshift(by);
      return path.map((step) => relative(REPO, step)).join(' -> ');
    };
    const nodeOnly = NODE_ONLY.map((folder) => join(REPO, folder));
    const reached = [...reachedFrom.keys()].filter((file) => nodeOnly.some((folder) => isInside(file, folder)));
    expect(reached.map(chain)).toEqual([]);
  });
});
