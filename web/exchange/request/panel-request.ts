import type { FilePart, HttpRequest, RequestBody } from '../../../runtime/contract/http-request.ts';
import { encodeFormFields, encodeRequest, multipartBody, type FetchArgs } from '../../../runtime/contract/encode-request.ts';
import type { FieldRow, RequestSpec } from './request-model.ts';

/** The enabled rows that have a name. */
export function activeRows<T extends FieldRow>(rows: T[]): T[] {
  return rows.filter((r) => r.enabled && r.name.trim() !== '');
}

function pairs(rows: FieldRow[]): [string, string][] {
  return activeRows(rows).map((r) => [r.name.trim(), r.value]);
}

function multipartParts(spec: RequestSpec): [string, string | FilePart][] {
  // A file row without a chosen file is sent as an empty file.
  return activeRows(spec.multipart).map((row) => [
    row.name.trim(),
    row.kind === 'file' ? { filename: row.file?.name ?? '', content: row.file ?? new File([], '') } : row.value,
  ]);
}

/** Encodes rows as `application/x-www-form-urlencoded`. */
export function encodeForm(rows: FieldRow[]): string {
  return encodeFormFields(pairs(rows));
}

/** Assembles the multipart body; a file row without a chosen file is sent as an empty file. */
export function buildMultipart(spec: RequestSpec): FormData {
  return multipartBody(multipartParts(spec));
}

function panelBody(spec: RequestSpec): RequestBody {
  switch (spec.bodyType) {
    case 'none':
      return { type: 'none' };
    case 'json':
      return { type: 'json', text: spec.json };
    case 'graphql':
      return { type: 'graphql', query: spec.graphql, variables: spec.variables };
    case 'form':
      return { type: 'form', fields: pairs(spec.form) };
    case 'multipart':
      return { type: 'multipart', parts: multipartParts(spec) };
  }
}

/** The panel's request in the one request shape: enabled rows only, the body the body type picks. */
function requestOfSpec(spec: RequestSpec): HttpRequest {
  return { method: spec.method, path: spec.path, headers: pairs(spec.headers), body: panelBody(spec) };
}

/** Turns the panel's spec into fetch arguments: sets the body's content type unless a row sets it. */
export function buildRequest(spec: RequestSpec, origin: string): FetchArgs {
  return encodeRequest(requestOfSpec(spec), origin);
}
