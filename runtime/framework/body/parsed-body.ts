import { HttpException } from '../http-exception.ts';
import type { UploadedFile } from '../uploaded-file.ts';
import { bodyMap } from './body-map.ts';

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

/** Decodes a JSON body; empty or malformed JSON is a 400 that says what was wrong. */
export function parseJsonBody(bytes: Uint8Array): ParsedBody {
  const text = decoder.decode(bytes);
  if (text.trim() === '') throw HttpException.badRequest({ message: 'Malformed JSON body: the body is empty.' });
  try {
    return fromObject(JSON.parse(text));
  } catch (error) {
    throw HttpException.badRequest({ message: `Malformed JSON body: ${(error as Error).message}`, cause: error });
  }
}

/** Decodes an `application/x-www-form-urlencoded` body into a flat string map (last value wins). */
export function parseUrlEncodedBody(bytes: Uint8Array): ParsedBody {
  return fromObject(parseFormString(decoder.decode(bytes), 'form body'));
}

/** Parses `a=1&b=x+y` into a flat map; bad percent-encoding is a 400 naming `where`. */
export function parseFormString(text: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (text === '') return out;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    out[decodeFormComponent(key, where)] = decodeFormComponent(value, where);
  }
  return out;
}

function decodeFormComponent(text: string, where: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw HttpException.badRequest({ message: `Malformed percent-encoding in ${where}: "${text}".` });
  }
}
