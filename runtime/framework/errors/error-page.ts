import type { HttpException } from '../http-exception.ts';
import { escapeHtml } from './escape-html.ts';

/** Renders the default HTML error page; every piece of the exception is HTML-escaped. */
export function renderErrorPage(e: HttpException): string {
  // Handlers may have put anything into message, errors or statusCode after construction.
  const message = escapeHtml(e.message);
  const status = escapeHtml(e.statusCode);
  const errors = Array.isArray(e.errors) ? e.errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('') : '';
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    `<title>${status} ${message}</title>` +
    '<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:40rem;padding:0 1rem;color:#1f2937}' +
    'h1{font-size:1.5rem}.status{color:#b91c1c;font-weight:700}li{margin:.25rem 0}</style></head>' +
    `<body><p class="status">${status}</p><h1>${message}</h1>` +
    (errors ? `<ul>${errors}</ul>` : '') +
    '</body></html>'
  );
}
