import { HttpException } from '../http-exception.ts';

/** Splits a request path into URI-decoded segments, ignoring leading/trailing slashes; bad encoding is a 400. */
export function splitRequestPath(path: string): string[] {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  if (start === end) return [];
  const segments = path.slice(start, end).split('/');
  if (path.includes('%')) {
    for (let i = 0; i < segments.length; i++) segments[i] = decodeSegment(segments[i]);
  }
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw HttpException.badRequest({ message: `Malformed percent-encoding in path segment "${segment}".` });
  }
}
