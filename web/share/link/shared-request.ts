import {
  defaultRequest,
  newMultipartRow,
  newRow,
  type FieldRow,
  type MultipartRow,
  type RequestSpec,
} from '../../exchange/request/request-model.ts';
import { fromBase64Url, toBase64Url } from './base64url.ts';
import type { SharedPart, SharedRequest, SharedRow } from './share-format.ts';

/** Chosen files up to this size travel inside the link; larger ones keep only their name. */
const MAX_SHARED_FILE_BYTES = 4 * 1024;

const toRow = (row: FieldRow): SharedRow => [row.name, row.value, row.enabled];
const fromRow = ([name, value, enabled]: SharedRow): FieldRow => ({ ...newRow(name, value), enabled });

async function toPart(row: MultipartRow): Promise<SharedPart> {
  if (row.kind === 'text') return { kind: 'text', name: row.name, value: row.value, enabled: row.enabled };
  const file = row.file;
  const small = file !== null && file.size <= MAX_SHARED_FILE_BYTES;
  const base64 = small ? toBase64Url(new Uint8Array(await file.arrayBuffer())) : null;
  return { kind: 'file', name: row.name, filename: file?.name ?? row.value, type: file?.type ?? '', base64, enabled: row.enabled };
}

function fromPart(part: SharedPart): MultipartRow {
  if (part.kind === 'text') return { ...newMultipartRow('text', part.name, part.value), enabled: part.enabled };
  // A file too large for the link comes back empty, under its name: the learner picks it again.
  const bytes = part.base64 === null ? new Uint8Array(0) : fromBase64Url(part.base64);
  const file = new File([bytes as BlobPart], part.filename, part.type ? { type: part.type } : {});
  return { ...newMultipartRow('file', part.name, part.filename), file, enabled: part.enabled };
}

/** The request panel's spec as shared: only the body the request sends travels. */
export async function toSharedRequest(spec: RequestSpec): Promise<SharedRequest> {
  const shared: SharedRequest = { method: spec.method, path: spec.path, headers: spec.headers.map(toRow), bodyType: spec.bodyType };
  if (spec.bodyType === 'json') shared.json = spec.json;
  if (spec.bodyType === 'form') shared.form = spec.form.map(toRow);
  if (spec.bodyType === 'multipart') shared.multipart = await Promise.all(spec.multipart.map(toPart));
  if (spec.bodyType === 'graphql') shared.graphql = { query: spec.graphql, variables: spec.variables };
  if (spec.mode === 'websocket') shared.socket = { path: spec.socketPath, message: spec.socketMessage };
  return shared;
}

/** A request panel spec from a shared request; bodies the link does not carry get the defaults. */
export function fromSharedRequest(shared: SharedRequest): RequestSpec {
  const base = defaultRequest();
  return {
    ...base,
    method: shared.method,
    path: shared.path,
    headers: shared.headers.map(fromRow),
    bodyType: shared.bodyType,
    json: shared.json ?? base.json,
    form: shared.form?.map(fromRow) ?? base.form,
    multipart: shared.multipart?.map(fromPart) ?? base.multipart,
    graphql: shared.graphql?.query ?? base.graphql,
    variables: shared.graphql?.variables ?? base.variables,
    mode: shared.socket ? 'websocket' : 'http',
    socketPath: shared.socket?.path ?? base.socketPath,
    socketMessage: shared.socket?.message ?? base.socketMessage,
  };
}
