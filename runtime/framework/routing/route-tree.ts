import type { PatternSegment } from './path-pattern.ts';
import { parsePattern } from './path-pattern.ts';
import type { SourceSite } from '../source-site.ts';

/** A route after flattening: its method, full path, handler chain and registration order. */
export interface CompiledRoute<H> {
  method: string;
  path: string;
  handlers: H[];
  order: number;
  /** Where each handler was registered (parallel to `handlers`), read only by a traced request. */
  sites?: readonly (SourceSite | null)[];
}

/** A matching route with the params it matched on its own. */
export interface RouteHit<H> {
  route: CompiledRoute<H>;
  params: Record<string, string> | null;
}

/**
 * What a lookup returns: the handler chain of every matching route, in order, and their merged params
 * (a fresh object per lookup, or null when no matching route has params). Read-only: a match without
 * params is one object shared by every lookup that finds it.
 */
export interface RouteMatch<H> {
  readonly handlers: readonly H[];
  readonly params: Record<string, string> | null;
}

interface ParamEdge<H> {
  name: string;
  source: string;
  regex: RegExp | null;
  node: TreeNode<H>;
}

/** A route in the tree, with the match it gives alone and without params (shared by every such lookup). */
interface Entry<H> {
  route: CompiledRoute<H>;
  alone: RouteMatch<H>;
}

class TreeNode<H> {
  statics: Map<string, TreeNode<H>> | null = null;
  params: ParamEdge<H>[] | null = null;
  /** Routes whose pattern ends here. */
  routes: Entry<H>[] | null = null;
  /** Routes whose pattern ends here with a trailing `*`: one or more further segments; at the root, every path. */
  wildcards: Entry<H>[] | null = null;
}

/**
 * The routes one lookup found, with their params, as two parallel lists reused by every lookup of a
 * tree: a lookup runs no code of the app, so two never overlap, and a request then allocates no list.
 */
class Hits<H> {
  readonly entries: Entry<H>[] = [];
  readonly params: (Record<string, string> | null)[] = [];
  count = 0;

  add(entry: Entry<H>, params: Record<string, string> | null): void {
    this.entries[this.count] = entry;
    this.params[this.count] = params;
    this.count++;
  }
}

/**
 * A segment trie over route patterns. A lookup walks only the branches that can match,
 * so its cost depends on the path's depth, not on how many routes exist.
 */
export class RouteTree<H> {
  private readonly root = new TreeNode<H>();
  private readonly hits = new Hits<H>();

  /** Adds a route; its `order` decides where its handlers run among other matches. */
  insert(route: CompiledRoute<H>): void {
    const entry: Entry<H> = { route, alone: Object.freeze({ handlers: route.handlers, params: null }) };
    let node = this.root;
    for (const segment of parsePattern(route.path)) {
      if (segment.kind === 'wildcard') {
        (node.wildcards ??= []).push(entry);
        return;
      }
      node = child(node, segment);
    }
    (node.routes ??= []).push(entry);
  }

  /** Finds every route matching the method and the (already decoded) path segments. */
  match(method: string, segments: string[]): RouteMatch<H> | null {
    const hits = this.hits;
    hits.count = 0;
    collect(this.root, method, segments, 0, null, hits);
    const count = hits.count;
    if (count === 0) return null;
    if (count === 1) {
      const params = hits.params[0];
      hits.params[0] = null; // a request's params must not outlive it in the shared list
      return params ? { handlers: hits.entries[0].route.handlers, params } : hits.entries[0].alone;
    }
    const found = this.takeHits(count);
    const handlers: H[] = [];
    let params: Record<string, string> | null = null;
    for (const hit of found) {
      for (const h of hit.route.handlers) handlers.push(h);
      if (hit.params) params = Object.assign(params ?? {}, hit.params);
    }
    return { handlers, params };
  }

  /** Every matching route in order, each with its own params: what a traced request records (it allocates). */
  matchRoutes(method: string, segments: string[]): RouteHit<H>[] {
    this.hits.count = 0;
    collect(this.root, method, segments, 0, null, this.hits);
    return this.takeHits(this.hits.count);
  }

  /** The first `count` hits of the last lookup, sorted by registration order; empties the shared list. */
  private takeHits(count: number): RouteHit<H>[] {
    const hits = this.hits;
    const found: RouteHit<H>[] = [];
    for (let i = 0; i < count; i++) {
      found.push({ route: hits.entries[i].route, params: hits.params[i] });
      hits.params[i] = null;
    }
    return found.sort((a, b) => a.route.order - b.route.order);
  }
}

function child<H>(node: TreeNode<H>, segment: Exclude<PatternSegment, { kind: 'wildcard' }>): TreeNode<H> {
  if (segment.kind === 'static') {
    const statics = (node.statics ??= new Map<string, TreeNode<H>>());
    let next = statics.get(segment.text);
    if (!next) statics.set(segment.text, (next = new TreeNode()));
    return next;
  }
  const edges = (node.params ??= []);
  let edge = edges.find((e) => e.name === segment.name && e.source === segment.source);
  if (!edge) edges.push((edge = { name: segment.name, source: segment.source, regex: segment.regex, node: new TreeNode() }));
  return edge.node;
}

function addHits<H>(entries: Entry<H>[] | null, method: string, params: Record<string, string> | null, hits: Hits<H>): void {
  if (!entries) return;
  // An indexed loop: `for…of` allocated an iterator here on every request.
  for (let i = 0; i < entries.length; i++) {
    const wanted = entries[i].route.method;
    if (wanted === method || wanted === '*') hits.add(entries[i], params);
  }
}

function collect<H>(
  node: TreeNode<H>,
  method: string,
  segments: string[],
  index: number,
  params: Record<string, string> | null,
  hits: Hits<H>,
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
    for (let i = 0; i < node.params.length; i++) {
      const edge = node.params[i];
      if (edge.regex && !edge.regex.test(segment)) continue;
      // The first param of a path is a one-key literal: spreading `null` goes through V8's generic
      // object clone, several times the cost of the literal, on every request of a route with params.
      const matched = params ? { ...params, [edge.name]: segment } : { [edge.name]: segment };
      collect(edge.node, method, segments, index + 1, matched, hits);
    }
  }
}
