/** The media types a GraphQL response is sent as. */
export const GRAPHQL_RESPONSE = 'application/graphql-response+json; charset=utf-8';

/**
 * How to answer a GraphQL request, read from its Accept header (GraphQL over HTTP):
 * - `graphql-response`: the client accepts `application/graphql-response+json` at least as much as
 *   JSON; request errors (parse, validation, variable coercion) are 400 and the content type says so;
 * - `json`: the client names `application/json` and not the former; request errors are 200, as the
 *   spec asks of that media type, since a plain JSON client cannot tell a GraphQL error body from others;
 * - `any`: no Accept header, or only wildcards: `application/json`, and request errors keep the 400
 *   Halo has always sent, which tells any client the request failed.
 */
export function responseMedia(accept: string | undefined): 'graphql-response' | 'json' | 'any' {
  if (!accept) return 'any';
  let graphqlResponse = -1;
  let json = -1;
  for (const range of accept.split(',')) {
    const [rawType, ...params] = range.split(';');
    const type = rawType.trim().toLowerCase();
    const qParam = params.map((param) => param.split('=')).find(([key]) => key.trim() === 'q');
    const q = qParam ? Number(qParam[1]) || 0 : 1;
    if (type === 'application/graphql-response+json') graphqlResponse = Math.max(graphqlResponse, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  if (graphqlResponse > 0 && graphqlResponse >= json) return 'graphql-response';
  return json > 0 ? 'json' : 'any';
}
