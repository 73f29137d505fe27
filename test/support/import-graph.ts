/**
 * The import graph of a source tree (`.ts`/`.tsx`, relative imports, type-only and dynamic imports and
 * Vite's `?worker&url`-style imports included), between files and between folders, and its cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One relative import: the file that writes it and the file it resolves to (anywhere on disk). */
export interface ImportEdge {
  from: string;
  to: string;
}

/** Every `.ts`/`.tsx` file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file a relative specifier names: as written (this repository writes extensions), else with `.ts`/`.tsx`/`index.ts`. */
function resolveSpecifier(importer: string, specifier: string): string {
  const written = resolve(dirname(importer), specifier.replace(/\?.*$/, ''));
  const candidates = [written, `${written}.ts`, `${written}.tsx`, join(written, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? written;
}

/** Every relative import written in the files under `root`, wherever it leads. */
export function importEdges(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((from) =>
    ts
      .preProcessFile(readFileSync(from, 'utf8'), true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, to: resolveSpecifier(from, specifier) })),
  );
}

/** Whether `path` is `dir` itself or lies inside it. */
export function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir + sep);
}

/**
 * The groups of nodes that reach each other (strongly connected components, Tarjan's algorithm) with
 * more than one node or a node importing itself: each group is one tangle of cycles. Members sorted.
 */
export function cycleGroups(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

/** A shortest cycle through the group's first node, staying inside the group (`a -> b -> a`), to show in a message. */
export function shortestCycle(graph: Map<string, Set<string>>, group: string[]): string[] {
  const members = new Set(group);
  const start = group[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at];
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} lies on no cycle of its group`);
}

/** Adds the edge `from → to` to `graph`. */
function addEdge(graph: Map<string, Set<string>>, from: string, to: string): void {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from)!.add(to);
}

/** The file graph of `root`: imports that stay inside it, as paths relative to it. */
export function fileGraph(root: string, edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) if (isInside(to, root)) addEdge(graph, relative(root, from), relative(root, to));
  return graph;
}

/** The folder a file lies in, relative to `root` (`.` for `root` itself). */
function folderOf(root: string, file: string): string {
  return relative(root, dirname(file)) || '.';
}

/** Whether one folder contains the other (`.` contains every folder). */
function nested(a: string, b: string): boolean {
  const inside = (child: string, parent: string): boolean => parent === '.' || child === parent || child.startsWith(`${parent}/`);
  return inside(a, b) || inside(b, a);
}

/**
 * The graph of `root`'s top-level folders: a file anywhere under `root/<folder>/` counts as `<folder>`, so a cycle
 * cannot hide by moving one end into a sub-folder; a file directly in `root` is a node of its own. Edges inside
 * one folder are not edges; `examples` names one import behind each edge, for messages.
 */
export function topFolderGraph(root: string, edges: ImportEdge[]): { graph: Map<string, Set<string>>; examples: Map<string, ImportEdge> } {
  const graph = new Map<string, Set<string>>();
  const examples = new Map<string, ImportEdge>();
  const topOf = (file: string): string => relative(root, file).split(sep)[0];
  for (const edge of edges) {
    if (!isInside(edge.to, root)) continue;
    const [from, to] = [topOf(edge.from), topOf(edge.to)];
    if (from === to) continue;
    addEdge(graph, from, to);
    if (!examples.has(`${from} -> ${to}`))
      examples.set(`${from} -> ${to}`, { from: relative(root, edge.from), to: relative(root, edge.to) });
  }
  return { graph, examples };
}

/**
 * The folder graph of `root`: each folder a node, an edge where a file of one imports a file of another.
 * A sub-folder is a part of its parent, so imports between a folder and its own ancestor are not edges
 * (runtime/framework's index composes its sub-folders, which use its core); the file graph still
 * catches any cycle among those files. `examples` names one import behind each edge, for messages.
 */
export function folderGraph(root: string, edges: ImportEdge[]): { graph: Map<string, Set<string>>; examples: Map<string, ImportEdge> } {
  const graph = new Map<string, Set<string>>();
  const examples = new Map<string, ImportEdge>();
  for (const edge of edges) {
    if (!isInside(edge.to, root)) continue;
    const [from, to] = [folderOf(root, edge.from), folderOf(root, edge.to)];
    if (nested(from, to)) continue;
    addEdge(graph, from, to);
    if (!examples.has(`${from} -> ${to}`))
      examples.set(`${from} -> ${to}`, { from: relative(root, edge.from), to: relative(root, edge.to) });
  }
  return { graph, examples };
}
