import { describe, expect, it } from 'vitest';
import { RouteTree } from '../../runtime/framework/routing/route-tree.ts';
import { joinPaths, parsePattern } from '../../runtime/framework/routing/path-pattern.ts';
import { splitRequestPath } from '../../runtime/framework/routing/request-path.ts';

function tree(routes: [string, string][]): RouteTree<string> {
  const t = new RouteTree<string>();
  routes.forEach(([method, path], order) => t.insert({ method, path, handlers: [`${method} ${path}`], order }));
  return t;
}

function lookup(t: RouteTree<string>, method: string, path: string) {
  return t.match(method, splitRequestPath(path));
}

describe('path patterns', () => {
  it('parses constants, params, regex params and a trailing wildcard', () => {
    expect(parsePattern('/users/:id([0-9]+)/files/*')).toEqual([
      { kind: 'static', text: 'users' },
      { kind: 'param', name: 'id', regex: /^(?:[0-9]+)$/, source: '[0-9]+' },
      { kind: 'static', text: 'files' },
      { kind: 'wildcard' },
    ]);
  });

  it('keeps slashes inside a regex', () => {
    expect(parsePattern('/a/:rest(x/y)')).toHaveLength(2);
  });

  it('refuses a wildcard that is not last', () => {
    expect(() => parsePattern('/a/*/b')).toThrow(/only allowed as the last segment/);
  });

  it('joins paths with one slash', () => {
    expect(joinPaths('/api/', '/todos/')).toBe('/api/todos');
    expect(joinPaths('', '')).toBe('/');
  });
});

describe('RouteTree', () => {
  it('matches constant paths exactly, ignoring leading and trailing slashes', () => {
    const t = tree([['GET', '/todos']]);
    expect(lookup(t, 'GET', '/todos')?.handlers).toEqual(['GET /todos']);
    expect(lookup(t, 'GET', '/todos/')?.handlers).toEqual(['GET /todos']);
    expect(lookup(t, 'GET', 'todos')?.handlers).toEqual(['GET /todos']);
    expect(lookup(t, 'GET', '/todos/1')).toBeNull();
    expect(lookup(t, 'GET', '/todo')).toBeNull();
    expect(lookup(t, 'POST', '/todos')).toBeNull();
  });

  it('captures params, decoded, and honours regex constraints', () => {
    const t = tree([
      ['GET', '/n/:num([0-9]+)'],
      ['GET', '/u/:name'],
    ]);
    expect(lookup(t, 'GET', '/n/42')?.params).toEqual({ num: '42' });
    expect(lookup(t, 'GET', '/n/4x')).toBeNull();
    expect(lookup(t, 'GET', '/u/J%C3%BCrgen')?.params).toEqual({ name: 'Jürgen' });
  });

  it('a trailing wildcard matches one or more further segments, never nothing', () => {
    const t = tree([['GET', '/files/*']]);
    expect(lookup(t, 'GET', '/files')).toBeNull();
    expect(lookup(t, 'GET', '/files/')).toBeNull();
    expect(lookup(t, 'GET', '/files/a')).not.toBeNull();
    expect(lookup(t, 'GET', '/files/a/b/c')).not.toBeNull();
    expect(lookup(t, 'GET', '/other')).toBeNull();
  });

  it('the root wildcard matches every path, / included', () => {
    const t = tree([['*', '*']]);
    expect(lookup(t, 'GET', '/')).not.toBeNull();
    expect(lookup(t, 'GET', '/a/b')).not.toBeNull();
  });

  it('a param never matches an empty segment', () => {
    const t = tree([['GET', '/e/:id/z']]);
    expect(lookup(t, 'GET', '/e/1/z')?.params).toEqual({ id: '1' });
    expect(lookup(t, 'GET', '/e//z')).toBeNull();
  });

  it('gives a fresh params object per lookup, or null when no route has params', () => {
    const t = tree([
      ['GET', '/a/:x'],
      ['GET', '/b'],
    ]);
    expect(lookup(t, 'GET', '/a/1')?.params).not.toBe(lookup(t, 'GET', '/a/1')?.params);
    expect(lookup(t, 'GET', '/b')?.params).toBeNull();
  });

  it('gives the first param and each later one as own plain properties, even one named __proto__', () => {
    const t = tree([
      ['GET', '/p/:__proto__'],
      ['GET', '/q/:x/:y'],
    ]);
    const first = lookup(t, 'GET', '/p/v')?.params;
    expect(Object.hasOwn(first!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.entries(first!)).toEqual([['__proto__', 'v']]);
    const both = lookup(t, 'GET', '/q/1/2')?.params;
    expect(Object.entries(both!)).toEqual([
      ['x', '1'],
      ['y', '2'],
    ]);
  });

  it('collects every matching route in registration order and merges params', () => {
    const t = tree([
      ['*', '*'],
      ['GET', '/a/:x'],
      ['GET', '/a/b'],
      ['POST', '/a/b'],
      ['GET', '/a/:y'],
    ]);
    const m = lookup(t, 'GET', '/a/b');
    expect(m?.handlers).toEqual(['* *', 'GET /a/:x', 'GET /a/b', 'GET /a/:y']);
    expect(m?.params).toEqual({ x: 'b', y: 'b' });
  });

  it('matches the root path', () => {
    const t = tree([['GET', '/']]);
    expect(lookup(t, 'GET', '/')?.handlers).toEqual(['GET /']);
    expect(lookup(t, 'GET', '/x')).toBeNull();
  });

  it('rejects malformed percent-encoding with a 400', () => {
    expect(() => splitRequestPath('/a/%E0%A4%A')).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it('does not scan routes: among 1 000 regex routes a lookup tests only the regexes on its branch', () => {
    const many = tree(Array.from({ length: 1000 }, (_, i) => ['GET', `/r${i}/:id([0-9]+)`] as [string, string]));
    const test = RegExp.prototype.test;
    let tested = 0;
    RegExp.prototype.test = function (this: RegExp, s: string) {
      tested++;
      return test.call(this, s);
    };
    try {
      const m = lookup(many, 'GET', '/r999/7');
      expect(m?.handlers).toEqual(['GET /r999/:id([0-9]+)']);
      expect(m?.params).toEqual({ id: '7' });
      expect(lookup(many, 'GET', '/r1000/7')).toBeNull();
    } finally {
      RegExp.prototype.test = test;
    }
    expect(tested).toBe(1);
  });
});
