import type { ResponseContext } from '../response-context.ts';

/** Builds a WHATWG Response from a finished ResponseContext; HEAD, 1xx, 204 and 304 get no body. */
export function toResponse(res: ResponseContext, method: string): Response {
  const status = res.statusCode;
  const noBody = method === 'HEAD' || status === 204 || status === 304 || status < 200;
  return new Response(noBody ? null : res.body, { status, headers: res.headers });
}
