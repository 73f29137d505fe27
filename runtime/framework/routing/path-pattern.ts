/** One segment of a registered route path. */
export type PatternSegment =
  { kind: 'static'; text: string } | { kind: 'param'; name: string; regex: RegExp | null; source: string } | { kind: 'wildcard' };

const PARAM = /^:([A-Za-z0-9_]+)(?:\((.+)\))?$/;

/** Splits a path on `/`, ignoring leading/trailing slashes, but never inside a `(regex)`. */
function splitPattern(path: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of path) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === '/' && depth === 0) {
      if (current !== '') parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

/** Parses a route path (`/users/:id([0-9]+)/*`) into segments; throws on a misplaced `*`. */
export function parsePattern(path: string): PatternSegment[] {
  const parts = splitPattern(path);
  return parts.map((part, i) => {
    if (part === '*') {
      if (i !== parts.length - 1) throw new Error(`Route "${path}": "*" is only allowed as the last segment.`);
      return { kind: 'wildcard' };
    }
    const param = PARAM.exec(part);
    if (param) {
      const source = param[2] ?? '';
      return { kind: 'param', name: param[1], regex: source ? new RegExp(`^(?:${source})$`) : null, source };
    }
    return { kind: 'static', text: part };
  });
}

/** Joins two route paths with exactly one slash between them. */
export function joinPaths(prefix: string, path: string): string {
  const a = splitPattern(prefix).join('/');
  const b = splitPattern(path).join('/');
  return '/' + [a, b].filter(Boolean).join('/');
}
