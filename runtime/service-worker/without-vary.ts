/**
 * `response` as the offline cache can store it: without its `Vary` header. The cache refuses a
 * response with `Vary: *` (some hosts send it), and would match one with `Vary: Origin` only against
 * requests with the same Origin header. The files are this build's, checked against its hashes, so no
 * request header can make another copy the right one.
 */
export function withoutVary(response: Response): Response {
  if (!response.headers.has('vary')) return response;
  const headers = new Headers(response.headers);
  headers.delete('vary');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
