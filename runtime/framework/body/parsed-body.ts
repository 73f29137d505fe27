import { frameworkErrors } from '../errors/framework-errors.ts';
import { dropUnsafeKeys } from '../objects/safe-keys.ts';
import type { UploadedFile } from '../uploaded-file.ts';
import { bodyMap } from './body-map.ts';
import { parseFormString } from './form-string.ts';
import { assertJsonDepth, jsonDepthWithin } from './json-depth.ts';
import type { RequestLimits } from './request-limits.ts';

/** The result of `parseBody()`: the decoded value and its map/list views, plus uploaded files. */
export interface ParsedBody {
  object: unknown;
  map: Record<string, unknown> | null;
  list: unknown[] | null;
  files: UploadedFile[];
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The parsed body of a request that sent none: an empty map. */
export function emptyBody(): ParsedBody {
  return fromObject({});
}

/** Builds a ParsedBody from a decoded value (map, list or scalar). */
export function fromObject(value: unknown, files: UploadedFile[] = []): ParsedBody {
  const isMap = value !== null && typeof value === 'object' && !Array.isArray(value);
  return {
    object: value,
    map: isMap ? bodyMap(value as Record<string, unknown>) : null,
    list: Array.isArray(value) ? value : null,
    files,
  };
}

/**
 * Decodes a JSON body. Empty or malformed JSON, or nesting past `maxBodyDepth`, is a 400 that says what
 * was wrong; keys that could reach a prototype (`__proto__`, `constructor`, `prototype`) are dropped.
 */
export function parseJsonBody(bytes: Uint8Array, limits: RequestLimits): ParsedBody {
  const text = decoder.decode(bytes);
  const max = limits.maxBodyDepth;
  // A text that parses and nests n levels holds n opening and n closing brackets: one of 2·max characters or
  // fewer cannot be too deep, nor deep enough to strain JSON.parse. It is scanned only when it fails to parse,
  // so that a deep and malformed text still gets the depth error first, as a longer one does.
  const short = text.length <= 2 * max;
  if (!short) assertJsonDepth(text, max);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (short) assertJsonDepth(text, max);
    // Asked only once parsing failed: a blank text always fails (and has no bracket for the depth check).
    throw text.trim() === '' ? frameworkErrors.emptyJsonBody() : frameworkErrors.malformedJsonBody(error);
  }
  // Each unsafe key contains "proto" or "constructor", unless written with \u escapes: only then walk.
  if (text.includes('proto') || text.includes('constructor') || text.includes('\\u')) dropUnsafeKeys(value);
  return fromObject(value);
}

/**
 * The JSON body a request would carry for `value`, a part of the JSON text `source` (`sourceBytes` long in
 * UTF-8) decoded already, when parsing it again could not differ: `source` has no key that parseJsonBody
 * would drop (nor a `\u` escape that could spell one), its nesting stays within `maxBodyDepth` one level
 * down, and `value` re-encoded cannot exceed `bodyLimit` (a number such as `1e20` grows at most ~5×).
 * Undefined otherwise: the caller takes the full path, which gives the exact 400 or 413.
 */
export function decodedJsonBody(
  value: unknown,
  source: string,
  sourceBytes: number,
  limits: RequestLimits,
  bodyLimit: number,
): ParsedBody | undefined {
  if (sourceBytes * 6 > bodyLimit) return undefined;
  if (source.includes('proto') || source.includes('constructor') || source.includes('\\u')) return undefined;
  if (!jsonDepthWithin(source, limits.maxBodyDepth + 1)) return undefined;
  return fromObject(value);
}

/** Decodes an `application/x-www-form-urlencoded` body into a flat string map (last value wins). */
export function parseUrlEncodedBody(bytes: Uint8Array, limits: RequestLimits): ParsedBody {
  return fromObject(parseFormString(decoder.decode(bytes), 'form body', limits.maxParameters));
}
