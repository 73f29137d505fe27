import { describe, expect, it } from 'vitest';
import { splitRequestPath } from '../../runtime/framework/routing/request-path.ts';

/** What a path means, written plainly from the rules (trim the slashes, split, then decode and check). */
function reference(path: string): string[] | string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return [];
  const parts = trimmed.split('/');
  const decode = path.includes('%');
  if (!decode && !path.includes('.')) return parts;
  const out: string[] = [];
  for (const part of parts) {
    let segment = part;
    if (decode) {
      try {
        segment = decodeURIComponent(part);
      } catch {
        return `HALO_MALFORMED_PATH_SEGMENT ${part}`;
      }
    }
    if (segment === '.' || segment === '..') return `HALO_FORBIDDEN_PATH_SEGMENT ${segment}`;
    if (segment.includes('\0')) return 'HALO_NUL_IN_PATH';
    out.push(segment);
  }
  return out;
}

function outcome(path: string): string[] | string {
  try {
    return splitRequestPath(path);
  } catch (error) {
    const e = error as { code: string; message: string };
    const quoted = /"(.*)"/.exec(e.message)?.[1];
    return quoted === undefined ? e.code : `${e.code} ${quoted}`;
  }
}

/** The paths where splitRequestPath and the plain rules disagree, each with both answers (empty when they agree). */
function disagreements(paths: Iterable<string>): { path: string; got: string[] | string; expected: string[] | string }[] {
  const found = [];
  for (const path of paths) {
    const got = outcome(path);
    const expected = reference(path);
    if (JSON.stringify(got) !== JSON.stringify(expected)) found.push({ path, got, expected });
  }
  return found;
}

/** Every string of `alphabet` up to `length` characters long, shortest first. */
function allStrings(alphabet: string[], length: number): string[] {
  const all = [''];
  for (let from = 0, size = 1; size <= length; size++) {
    const to = all.length;
    for (let i = from; i < to; i++) for (const c of alphabet) all.push(all[i] + c);
    from = to;
  }
  return all;
}

/** A seeded generator (mulberry32): the same numbers in [0, 1) on every run, so a failure is reproducible. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` paths of 3 to 24 pieces, each piece a character of the small alphabet or a whole token an attacker or a
 * client writes (an encoded dot, slash or NUL in either case, dot segments, doubled slashes, a truncated escape).
 */
function randomPaths(count: number, seed: number): string[] {
  const pieces = [
    '/',
    '.',
    '%',
    '2',
    'e',
    'E',
    '0',
    'a',
    'f',
    'F',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%00',
    '..',
    '/./',
    '/../',
    '//',
    '%',
    '%e',
    '%zz',
    'é',
    '%C3%A9',
    '%C3',
  ];
  const random = seeded(seed);
  const pick = (): string => pieces[Math.floor(random() * pieces.length)];
  return Array.from({ length: count }, () => `/${Array.from({ length: 3 + Math.floor(random() * 22) }, pick).join('')}`);
}

const ALPHABET = ['/', '.', '%', '2', 'e', '0', 'a'];

describe('splitRequestPath', () => {
  // One aggregate comparison per list, which prints every path that disagrees with both answers. (The walk went up to
  // six characters with an expect per path: 137,257 expects, 25 s on a loaded machine; five characters reach every
  // dot segment, escape and `%2e`/`%00` of the alphabet, and the seeded sample below goes longer.)
  it('agrees with the rules written plainly on every path of up to five characters from / . % 2 e 0 a', () => {
    const paths = allStrings(ALPHABET, 5).map((rest) => `/${rest}`);
    expect(paths.length).toBe(19_608);
    expect(disagreements(paths)).toEqual([]);
  });

  it('agrees with the rules written plainly on 10,000 seeded random paths of 3 to 24 pieces: encoded dots, slashes and NULs, dot segments, bad escapes', () => {
    const paths = randomPaths(10_000, 0x4a10);
    // The sample reaches every outcome: plain segments, each of the three errors, and decoded segments.
    const outcomes = new Set(
      paths.map((path) => (typeof reference(path) === 'string' ? (reference(path) as string).split(' ')[0] : 'segments')),
    );
    expect([...outcomes].sort()).toEqual(['HALO_FORBIDDEN_PATH_SEGMENT', 'HALO_MALFORMED_PATH_SEGMENT', 'HALO_NUL_IN_PATH', 'segments']);
    expect(disagreements(paths)).toEqual([]);
  });

  it('agrees with the rules written plainly on the edge cases listed by hand', () => {
    const edges = [
      '',
      '/',
      '//',
      '///',
      '/a',
      'a',
      'a/',
      '/a/',
      '//a//',
      '/a//b',
      '/a/b/',
      '/.',
      '/..',
      '/./',
      '/../',
      '/...',
      '/.a',
      '/a.',
      '/a/./b',
      '/a/../b',
      '/a/.',
      '/a/..',
      '/./a',
      '/../a',
      '/a/.../b',
      '/%2e',
      '/%2E',
      '/%2e%2e',
      '/%2E%2e',
      '/%2e%2E',
      '/%2E%2E',
      '/.%2e',
      '/%2e.',
      '/a/%2e/b',
      '/a/%2E%2e/b',
      '/%2e%2e%2e',
      '/%2f',
      '/%2F',
      '/a%2Fb',
      '/a%2f..%2fb',
      '/%00',
      '/a%00',
      '/%',
      '/%2',
      '/a%',
      '/%zz',
      '/%e9',
      '/%C3%A9',
      '/%C3',
      '/a/%2e%2e/',
      '//%2e//',
      '/%2e/',
      '/v1.2/a..b',
      '/a%20b',
      '/%252e',
      '/%25',
    ];
    expect(disagreements(edges)).toEqual([]);
  });

  it('keeps empty segments between slashes and drops leading and trailing ones', () => {
    expect(splitRequestPath('//a//b//')).toEqual(['a', '', 'b']);
    expect(splitRequestPath('/')).toEqual([]);
    expect(splitRequestPath('')).toEqual([]);
  });

  it('decodes and checks each segment once a % appears anywhere, and checks dots without decoding', () => {
    expect(splitRequestPath('/a%2Fb/c')).toEqual(['a/b', 'c']);
    expect(outcome('/x/%2e%2E/y')).toBe('HALO_FORBIDDEN_PATH_SEGMENT ..');
    expect(outcome('/x/./y')).toBe('HALO_FORBIDDEN_PATH_SEGMENT .');
    expect(outcome('/x/a%00b')).toBe('HALO_NUL_IN_PATH');
    expect(splitRequestPath('/v1.2/a..b')).toEqual(['v1.2', 'a..b']);
  });
});
