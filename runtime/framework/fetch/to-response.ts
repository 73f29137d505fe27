import type { ResponseContext } from '../response-context.ts';

/**
 * Builds a WHATWG Response from a finished ResponseContext. HEAD, 1xx, 204 and 304 get no body;
 * 204 and 304 also no Content-Length, whatever the handler wrote or set.
 */
export function toResponse(res: ResponseContext, method: string): Response {
  const status = res.statusCode;
  const bodyless = status === 204 || status === 304;
  if (bodyless) delete res.headers['content-length'];
  const noBody = bodyless || method === 'HEAD' || status < 200;
  return new Response(noBody ? null : res.body, { status, headers: res.headers });
}
