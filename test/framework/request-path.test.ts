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

describe('splitRequestPath', () => {
  it('agrees with the rules written plainly on every path of up to six characters from / . % 2 e 0 a', () => {
    let compared = 0;
    for (const rest of allStrings(['/', '.', '%', '2', 'e', '0', 'a'], 6)) {
      const path = `/${rest}`;
      expect(outcome(path), path).toEqual(reference(path));
      compared++;
    }
    expect(compared).toBe(137_257);
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
