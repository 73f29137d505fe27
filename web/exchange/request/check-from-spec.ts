import type { CheckFile, CheckRequest, JsonValue } from '../../../runtime/course/format/check-format.ts';
import { methodAllowsBody } from '../../../runtime/contract/encode-request.ts';
import { activeRows } from './panel-request.ts';
import type { RequestSpec } from './request-model.ts';

function parsed(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The body part of a check's request for the panel's body: what `specFromCheck` reads back. */
async function checkBody(spec: RequestSpec, headers: Record<string, string>): Promise<Pick<CheckRequest, 'body' | 'bodyType'>> {
  switch (spec.bodyType) {
    case 'none':
      return {};
    case 'json': {
      const json = parsed(spec.json);
      if (json !== undefined) return { body: json };
      // Text that is not JSON is sent as typed, still labelled JSON unless a header row says otherwise.
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
      return { body: spec.json, bodyType: 'text' };
    }
    case 'graphql': {
      const variables = spec.variables.trim() === '' ? undefined : parsed(spec.variables);
      return { body: variables === undefined ? { query: spec.graphql } : { query: spec.graphql, variables } };
    }
    case 'form':
      return { body: Object.fromEntries(activeRows(spec.form).map((row) => [row.name.trim(), row.value])), bodyType: 'form' };
    case 'multipart': {
      const fields: [string, string | CheckFile][] = await Promise.all(
        activeRows(spec.multipart).map(async (row): Promise<[string, string | CheckFile]> => {
          if (row.kind === 'text') return [row.name.trim(), row.value];
          const file = row.file;
          return [
            row.name.trim(),
            { filename: file?.name ?? row.value, content: file ? await file.text() : '', contentType: file?.type || 'text/plain' },
          ];
        }),
      );
      return { body: Object.fromEntries(fields), bodyType: 'multipart' };
    }
  }
}

/** The request the panel sent, in the check format (the inverse of `specFromCheck`); chosen files travel as their text. */
export async function checkRequestOfSpec(spec: RequestSpec): Promise<CheckRequest> {
  const headers = Object.fromEntries(activeRows(spec.headers).map((row) => [row.name.trim(), row.value]));
  const path = spec.path.trim().startsWith('/') ? spec.path.trim() : `/${spec.path.trim()}`;
  const body = methodAllowsBody(spec.method) ? await checkBody(spec, headers) : {};
  return { method: spec.method, path, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...body };
}
