import { activeRows, buildRequest } from './panel-request.ts';
import type { RequestSpec } from './request-model.ts';

/** Quotes a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The spec as a `curl` command line that sends the same request. */
export function toCurl(spec: RequestSpec, origin: string): string {
  const built = buildRequest(spec, origin);
  const parts = ['curl'];
  if (spec.method === 'HEAD') parts.push('--head');
  else if (spec.method !== 'GET') parts.push('-X', spec.method);
  parts.push(shellQuote(built.url));
  for (const [name, value] of built.headers) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (typeof built.body === 'string') {
    parts.push('--data-raw', shellQuote(built.body));
  } else if (built.body) {
    for (const row of activeRows(spec.multipart)) {
      // --form-string keeps a value starting with @ or < literal; -F name=@file uploads the file.
      if (row.kind === 'text') parts.push('--form-string', shellQuote(`${row.name.trim()}=${row.value}`));
      else parts.push('-F', shellQuote(`${row.name.trim()}=@${row.file?.name || 'file'}${row.file?.type ? `;type=${row.file.type}` : ''}`));
    }
  }
  return parts.join(' ');
}
