import type { PatternSegment } from './path-pattern.ts';
import { parsePattern } from './path-pattern.ts';

/** A route after flattening: its method, full path, handler chain and registration order. */
export interface CompiledRoute<H> {
  method: string;
  path: string;
  handlers: H[];
  order: number;
}

/**
 * What a lookup returns: the handler chain of every matching route, in order, and their merged params
 * (a fresh object per lookup, or null when no matching route has params).
 */
export interface RouteMatch<H> {
  handlers: H[];
  params: Record<string, string> | null;
}

interface ParamEdge<H> {
  name: string;
  source: string;
  regex: RegExp | null;
  node: TreeNode<H>;
}

class TreeNode<H> {
  statics: Map<string, TreeNode<H>> | null = null;
  params: ParamEdge<H>[] | null = null;
  /** Routes whose pattern ends here. */
  routes: CompiledRoute<H>[] | null = null;
  /** Routes whose pattern ends here with a trailing `*`: one or more further segments; at the root, every path. */
  wildcards: CompiledRoute<H>[] | null = null;
}

interface Hit<H> {
  route: CompiledRoute<H>;
  params: Record<string, string> | null;
}

/**
 * A segment trie over route patterns. A lookup walks only the branches that can match,
 * so its cost depends on the path's depth, not on how many routes exist.
 */
export class RouteTree<H> {
  private readonly root = new TreeNode<H>();

  /** Adds a route; its `order` decides where its handlers run among other matches. */
  insert(route: CompiledRoute<H>): void {
    let node = this.root;
    for (const segment of parsePattern(route.path)) {
      if (segment.kind === 'wildcard') {
        (node.wildcards ??= []).push(route);
        return;
      }
      node = child(node, segment);
    }
    (node.routes ??= []).push(route);
  }

  /** Finds every route matching the method and the (already decoded) path segments. */
  match(method: string, segments: string[]): RouteMatch<H> | null {
    const hits: Hit<H>[] = [];
    collect(this.root, method, segments, 0, null, hits);
    if (hits.length === 0) return null;
    if (hits.length === 1) return { handlers: hits[0].route.handlers, params: hits[0].params };
    hits.sort((a, b) => a.route.order - b.route.order);
    const handlers: H[] = [];
    let params: Record<string, string> | null = null;
    for (const hit of hits) {
      for (const h of hit.route.handlers) handlers.push(h);
      if (hit.params) params = Object.assign(params ?? {}, hit.params);
    }
    return { handlers, params };
  }
}

function child<H>(node: TreeNode<H>, segment: Exclude<PatternSegment, { kind: 'wildcard' }>): TreeNode<H> {
  if (segment.kind === 'static') {
    const statics = (node.statics ??= new Map());
    let next = statics.get(segment.text);
    if (!next) statics.set(segment.text, (next = new TreeNode()));
    return next;
  }
  const edges = (node.params ??= []);
  let edge = edges.find((e) => e.name === segment.name && e.source === segment.source);
  if (!edge) edges.push((edge = { name: segment.name, source: segment.source, regex: segment.regex, node: new TreeNode() }));
  return edge.node;
}

function addHits<H>(
  routes: CompiledRoute<H>[] | null,
  method: string,
  params: Record<string, string> | null,
  hits: Hit<H>[],
): void {
  if (!routes) return;
  for (const route of routes) {
    if (route.method === method || route.method === '*') hits.push({ route, params });
  }
}

function collect<H>(
  node: TreeNode<H>,
  method: string,
  segments: string[],
  index: number,
  params: Record<string, string> | null,
  hits: Hit<H>[],
): void {
  if (index === segments.length) {
    // The root's `*` (fallback(), app-wide middleware) also answers `/`; any other `*` needs a segment.
    if (index === 0) addHits(node.wildcards, method, params, hits);
    addHits(node.routes, method, params, hits);
    return;
  }
  addHits(node.wildcards, method, params, hits);
  const segment = segments[index];
  const next = node.statics?.get(segment);
  if (next) collect(next, method, segments, index + 1, params, hits);
  // A param never matches an empty segment (`/e//z`).
  if (node.params && segment !== '') {
    for (const edge of node.params) {
      if (edge.regex && !edge.regex.test(segment)) continue;
      collect(edge.node, method, segments, index + 1, { ...params, [edge.name]: segment }, hits);
    }
  }
}
