import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import { METHODS, type Method } from '../../../runtime/checks/http-request.ts';
import type { PanelBodyType } from '../../exchange/request/request-model.ts';
import { fromBase64Url, toBase64Url } from './base64url.ts';
import { ShareLinkError } from './share-link-error.ts';
import { filesProblem } from '../../state/file-names.ts';
import { ENTRY_FILE } from '../../state/files-store.ts';
import { SHARE_KEY, SHARE_VERSION, type SharedPart, type SharedProgram, type SharedRequest, type SharedRow } from './share-format.ts';

/** Inflated links larger than this are refused: a crafted link must not exhaust the tab's memory. */
const MAX_DECODED_BYTES = 4 * 1024 * 1024;

/** Encodes a program as `<version>.<base64url(deflate(JSON))>`, the value of the fragment's `share` key. */
export function encodeShare(program: SharedProgram): string {
  const json = JSON.stringify(program);
  return `${SHARE_VERSION}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/**
 * Decodes a value written by {@link encodeShare} of this or any older version. Link data is untrusted:
 * every field is checked, and anything malformed throws a {@link ShareLinkError} that says in plain
 * words what is wrong (the decoder's own message stays in its `cause`).
 */
export function decodeShare(value: string): SharedProgram {
  const match = /^(\d+)\.(.*)$/s.exec(value);
  if (!match) throw new ShareLinkError('damaged');
  const version = Number(match[1]);
  // Only a version past the newest this build writes is "newer"; 0 and other unknown ones are damage.
  if (version > SHARE_VERSION) throw new ShareLinkError('newer');
  const decoder = Object.hasOwn(DECODERS, version) ? DECODERS[version] : undefined;
  if (!decoder) throw new ShareLinkError('damaged');
  try {
    return decoder(match[2]);
  } catch (error) {
    throw error instanceof ShareLinkError ? error : new ShareLinkError('damaged', { cause: error });
  }
}

/** One decoder per format version ever written: links in the wild never expire. */
const DECODERS: Record<number, (data: string) => SharedProgram> = {
  1: (data) => readProgram(JSON.parse(inflate(fromBase64Url(data))), 1),
  // Version 2 added GraphQL bodies and WebSocket requests.
  2: (data) => readProgram(JSON.parse(inflate(fromBase64Url(data))), 2),
};

/** Inflates in slices and stops past the limit, so a small crafted link cannot expand to gigabytes. */
function inflate(bytes: Uint8Array): string {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > MAX_DECODED_BYTES) throw new ShareLinkError('too-large');
    chunks.push(chunk);
  });
  const SLICE = 16 * 1024;
  for (let at = 0; at < bytes.length; at += SLICE) inflater.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return strFromU8(out);
}

/** The share value in a URL fragment such as `#share=1.abc` (other `&`-separated flags may follow). */
export function shareValueFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SHARE_KEY);
}

/** `url` with its fragment replaced by the share value, keeping path and query (e.g. `?embed`). */
export function shareUrl(url: string, value: string): string {
  const target = new URL(url);
  target.hash = `${SHARE_KEY}=${value}`;
  return target.href;
}

// ---- validation of untrusted link data ----

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`The link's ${what} is malformed.`);
  return value as Json;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`The link's ${what} is malformed.`);
  return value;
}

function readProgram(raw: unknown, version: number): SharedProgram {
  const program = object(raw, 'data');
  const files = object(program.files, 'files');
  const checked: Record<string, string> = {};
  for (const [name, source] of Object.entries(files)) checked[name] = string(source, `file ${name}`);
  // Names a learner could not have given (`../x`, `/etc/x`, 500 files) mean the link was made by hand.
  const problem = filesProblem(checked, ENTRY_FILE);
  if (problem) throw new Error(`The link's files are malformed: ${problem}`);
  const lesson = program.lesson == null ? null : string(program.lesson, 'lesson');
  return { lesson, files: checked, request: readRequest(object(program.request, 'request'), version) };
}

/** The body types each format version may carry. */
const BODY_TYPES: Record<number, readonly PanelBodyType[]> = { 1: ['none', 'json', 'form', 'multipart'], 2: ['none', 'json', 'form', 'multipart', 'graphql'] };

function readRequest(raw: Json, version: number): SharedRequest {
  const method = string(raw.method, 'method').toUpperCase() as Method;
  if (!METHODS.includes(method)) throw new Error(`The link's method "${method}" is not supported.`);
  const bodyType = string(raw.bodyType, 'body type') as PanelBodyType;
  if (!BODY_TYPES[version].includes(bodyType)) throw new Error(`The link's body type "${bodyType}" is not supported.`);
  const request: SharedRequest = { method, path: string(raw.path, 'path'), headers: readRows(raw.headers, 'headers'), bodyType };
  if (raw.json !== undefined) request.json = string(raw.json, 'JSON body');
  if (raw.form !== undefined) request.form = readRows(raw.form, 'form');
  if (raw.multipart !== undefined) request.multipart = readParts(raw.multipart);
  if (version < 2) return request;
  if (raw.graphql !== undefined) {
    const graphql = object(raw.graphql, 'GraphQL body');
    request.graphql = { query: string(graphql.query, 'GraphQL query'), variables: string(graphql.variables ?? '', 'GraphQL variables') };
  }
  if (raw.socket !== undefined) {
    const socket = object(raw.socket, 'WebSocket request');
    request.socket = { path: string(socket.path, 'WebSocket path'), message: string(socket.message ?? '', 'WebSocket message') };
  }
  return request;
}

function readRows(raw: unknown, what: string): SharedRow[] {
  if (!Array.isArray(raw)) throw new Error(`The link's ${what} are malformed.`);
  return raw.map((row: unknown) => {
    if (!Array.isArray(row)) throw new Error(`The link's ${what} are malformed.`);
    return [string(row[0], what), string(row[1], what), row[2] !== false];
  });
}

function readParts(raw: unknown): SharedPart[] {
  if (!Array.isArray(raw)) throw new Error("The link's multipart body is malformed.");
  return raw.map((item: unknown) => {
    const part = object(item, 'multipart body');
    const name = string(part.name, 'multipart field');
    const enabled = part.enabled !== false;
    if (part.kind !== 'file') return { kind: 'text', name, value: string(part.value, 'multipart field'), enabled };
    const base64 = part.base64 == null ? null : string(part.base64, 'file content');
    return { kind: 'file', name, filename: string(part.filename, 'file name'), type: string(part.type ?? '', 'file type'), base64, enabled };
  });
}
