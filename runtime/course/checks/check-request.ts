import type { CheckFile, CheckRequest } from '../format/check-format.ts';
import type { FilePart, HttpRequest, RequestBody } from '../../contract/http-request.ts';

/** Whether a field of a check's form or multipart body is a file. */
export function isCheckFile(value: unknown): value is CheckFile {
  return value !== null && typeof value === 'object' && 'filename' in value;
}

/** The fields of a form or multipart body; a body that is not a map of fields cannot be sent as one. */
function checkFields(request: CheckRequest): [string, string | CheckFile][] {
  const body = request.body;
  if (body === undefined) return [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`A ${request.bodyType} body must be a map of fields, not ${JSON.stringify(body)}.`);
  }
  return Object.entries(body as Record<string, string | CheckFile>);
}

/** A check's body type as written, or its default: `text` for a string body, `json` otherwise. */
function checkBodyType(request: CheckRequest): NonNullable<CheckRequest['bodyType']> {
  return request.bodyType ?? (typeof request.body === 'string' ? 'text' : 'json');
}

function filePart(file: CheckFile): FilePart {
  return { filename: file.filename, content: new Blob([file.content], { type: file.contentType ?? 'text/plain' }) };
}

function checkBody(request: CheckRequest): RequestBody {
  const hasBody = request.body !== undefined;
  switch (checkBodyType(request)) {
    case 'json':
      // Given without a body, a `json` body type still sends its content type (see CheckRequest.bodyType).
      return hasBody || request.bodyType ? { type: 'json', text: hasBody ? JSON.stringify(request.body) : '' } : { type: 'none' };
    case 'text':
      return { type: 'text', text: !hasBody ? '' : typeof request.body === 'string' ? request.body : JSON.stringify(request.body) };
    case 'form':
      return {
        type: 'form',
        fields: checkFields(request).map(([name, value]) => {
          if (typeof value !== 'string') throw new Error(`Form field "${name}" must be a string; send files with bodyType "multipart".`);
          return [name, value];
        }),
      };
    case 'multipart':
      return {
        type: 'multipart',
        parts: checkFields(request).map(([name, value]) => [name, typeof value === 'string' ? value : filePart(value)]),
      };
  }
}

/** A check's request in the one request shape, ready for `encodeRequest`. */
export function requestOfCheck(request: CheckRequest): HttpRequest {
  return { method: request.method, path: request.path, headers: Object.entries(request.headers ?? {}), body: checkBody(request) };
}
