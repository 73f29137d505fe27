import { frameworkErrors } from '../errors/framework-errors.ts';

const SLASH = 47;
const DOT = 46;
const PERCENT = 37;

/**
 * Splits a request path into URI-decoded segments, ignoring leading/trailing slashes. Bad percent-encoding,
 * a `.` or `..` segment (also as `%2e%2e`) and a NUL byte are a 400: no route could mean them, and a
 * handler that maps params to files must never see them.
 */
export function splitRequestPath(path: string): string[] {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === SLASH) start++;
  while (end > start && path.charCodeAt(end - 1) === SLASH) end--;
  if (start === end) return [];
  // One pass counts the segments and notes whether any needs decoding or checking: request paths are short,
  // and the loop costs less than the indexOf and includes calls it replaces (a builtin call each). The
  // list is sized first, since pushing onto `[]` allocates room for 17 segments on every request.
  let count = 1;
  let percent = false;
  let dot = false;
  for (let i = start; i < end; i++) {
    const c = path.charCodeAt(i);
    if (c === SLASH) count++;
    else if (c === PERCENT) percent = true;
    else if (c === DOT) dot = true;
  }
  const segments = new Array<string>(count);
  for (let i = 0, from = start; i < count; i++) {
    const slash = i === count - 1 ? end : path.indexOf('/', from);
    segments[i] = path.slice(from, slash);
    from = slash + 1;
  }
  if (percent) {
    for (let i = 0; i < segments.length; i++) segments[i] = checkSegment(decodeSegment(segments[i]));
  } else if (dot) {
    for (const segment of segments) checkSegment(segment);
  }
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw frameworkErrors.malformedPathSegment(segment);
  }
}

function checkSegment(segment: string): string {
  if (segment === '.' || segment === '..') throw frameworkErrors.forbiddenPathSegment(segment);
  if (segment.includes('\0')) throw frameworkErrors.nulInPath();
  return segment;
}
