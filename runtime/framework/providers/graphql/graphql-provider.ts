import { frameworkErrors } from '../../errors/framework-errors.ts';
import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql';
import type { App } from '../../app.ts';
import type { Handler } from '../../handler.ts';
import { HttpException } from '../../http-exception.ts';
import type { RequestContext } from '../../request-context.ts';
import { optionalModule } from '../../optional-modules.ts';
import { deriveSchema } from './derived-schema.ts';
import { DocumentCache } from './document-cache.ts';
import { GRAPHQL_RESPONSE, responseMedia } from './response-media.ts';
import type { GraphQLContext } from './graphql-resolvers.ts';

type GraphQL = typeof import('graphql');

/** Options of the GraphQL provider. */
export interface GraphQLOptions {
  /** Where the endpoint is served (`POST`, and `GET` for queries). Default `/graphql`. */
  path?: string;
  /** Your own schema (built with the same `graphql` package; resolveIndex/resolveRead… call services); default: derived from the mounted services. */
  schema?: GraphQLSchemaLike;
}

/**
 * A `GraphQLSchema` of graphql-js, named by its shape so that Halo's published types (and the playground's
 * editor, which has no `graphql` package) do not depend on graphql's declarations.
 */
export interface GraphQLSchemaLike {
  getQueryType(): unknown;
}

/** A GraphQL request: what a POST body or GET query string holds. */
interface GraphQLRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  extensions?: unknown;
}

/** The JSON body of a GraphQL response. */
interface GraphQLBody {
  data?: unknown;
  errors?: unknown[];
}

/** What running a request gave: its status under `application/graphql-response+json`, its body, and whether it was a GraphQL request error. */
interface GraphQLOutcome {
  status: number;
  body: GraphQLBody;
  /** The document did not parse or validate, or the variables did not coerce: no execution began. */
  requestError?: boolean;
}

/**
 * Serves GraphQL at `POST /graphql` (and `GET` for queries) over the app's services: the schema is
 * `options.schema` or derived from every mounted service when the first request comes (all
 * services are mounted by then). Service calls run through the app as REST calls would, with
 * `provider: Providers.graphql`. Errors follow the GraphQL response format, the HttpException's
 * `status_code`, `message` and `errors` in `extensions`; a request that cannot be parsed or
 * validated is a 400 (a 200 to a client that asks for `application/json` by name, as GraphQL over
 * HTTP asks), a mutation over GET a 405. `application/graphql-response+json` is sent to clients
 * that accept it. graphql-js starts loading when this is called; the schema is derived at the first request.
 */
export function graphql(app: App, options: GraphQLOptions = {}): void {
  const path = options.path ?? '/graphql';
  // graphql-js starts loading with the program, so the first request does not wait for it (in the
  // playground that wait counted against the request's time limit); a missing package is still
  // reported by that request, not at startup.
  const graphqlModule = optionalModule('graphql');
  graphqlModule.catch(() => undefined);
  let loaded: Promise<{ graphql: GraphQL; schema: GraphQLSchema }> | undefined;
  const load = () =>
    (loaded ??= graphqlModule.then((graphql) => ({
      graphql,
      schema: (options.schema as GraphQLSchema | undefined) ?? deriveSchema(graphql, app),
    })));
  const documents = new DocumentCache<CheckedDocument>();
  const handler: Handler = async (req, res) => {
    const { graphql, schema } = await load();
    const { status, body, requestError } = await run(graphql, schema, app, req, documents);
    const media = responseMedia(req.header('accept'));
    res.statusCode = requestError && media === 'json' ? 200 : status;
    if (status === 405) res.headers.allow = 'POST';
    res.json(body);
    if (media === 'graphql-response') res.headers['content-type'] = GRAPHQL_RESPONSE;
  };
  // Named for traces: a minified build would otherwise show its own short name.
  Object.defineProperty(handler, 'name', { value: 'graphql' });
  app.post(path, handler);
  app.get(path, handler);
}

/** A query parsed and validated against the schema, or the request-error answer it gets. */
type CheckedDocument = { document: DocumentNode } | GraphQLOutcome;

function check(graphql: GraphQL, schema: GraphQLSchema, query: string): CheckedDocument {
  let document;
  try {
    document = graphql.parse(query);
  } catch (error) {
    return { status: 400, body: { errors: [(error as GraphQLError).toJSON()] }, requestError: true };
  }
  const invalid = graphql.validate(schema, document);
  if (invalid.length > 0) return { status: 400, body: { errors: invalid.map((e) => e.toJSON()) }, requestError: true };
  return { document };
}

async function run(
  graphql: GraphQL,
  schema: GraphQLSchema,
  app: App,
  req: RequestContext,
  documents: DocumentCache<CheckedDocument>,
): Promise<GraphQLOutcome> {
  const request = await readRequest(req);
  if (typeof request.query !== 'string' || request.query.trim() === '') return refusal(400, 'A GraphQL request needs a "query" string.');
  if (!isAbsentOr(request.variables, isMap)) return refusal(400, '"variables" must be a JSON object.');
  if (!isAbsentOr(request.extensions, isMap)) return refusal(400, '"extensions" must be a JSON object.');
  if (!isAbsentOr(request.operationName, (name) => typeof name === 'string')) return refusal(400, '"operationName" must be a string.');
  const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;
  const query = request.query;
  const checked = documents.get(query, () => check(graphql, schema, query));
  if (!('document' in checked)) return checked;
  const { document } = checked;
  const operation = graphql.getOperationAST(document, operationName);
  if (req.method === 'GET' && operation?.operation !== graphql.OperationTypeNode.QUERY)
    return refusal(405, 'Only queries may be sent with GET; send mutations with POST.');
  const contextValue: GraphQLContext = { app, headers: flatHeaders(req), remoteAddress: req.remoteAddress };
  if (req.trace) contextValue.trace = req.trace;
  const result = await graphql.execute({
    schema,
    document,
    operationName,
    contextValue,
    variableValues: (request.variables ?? undefined) as Record<string, unknown> | undefined,
  });
  // No data at all: the variables did not coerce, so execution never began (a request error).
  if (!('data' in result) && result.errors) return { status: 400, body: { errors: result.errors.map(formatError) }, requestError: true };
  const body: GraphQLBody = { data: result.data };
  if (result.errors) body.errors = result.errors.map(formatError);
  return { status: 200, body };
}

/** The request's `query`, `variables` and `operationName`: from the JSON body of a POST, the query string of a GET. */
async function readRequest(req: RequestContext): Promise<GraphQLRequest> {
  if (req.method !== 'GET') {
    await req.parseBody();
    const body = req.bodyAsObject;
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  }
  const { query, variables, operationName } = req.query;
  if (variables === undefined || variables === '') return { query, operationName };
  try {
    return { query, variables: JSON.parse(variables), operationName };
  } catch {
    throw frameworkErrors.variablesNotJson();
  }
}

/** A GraphQL error as sent: graphql's JSON, with the HttpException (or 500) of the failed service call in `extensions`. */
function formatError(error: GraphQLError): unknown {
  const json = error.toJSON();
  if (!error.originalError) return json;
  const http = HttpException.from(error.originalError).toJson();
  return { ...json, message: http.message, extensions: { ...json.extensions, ...http } };
}

function isMap(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbsentOr(value: unknown, test: (value: unknown) => boolean): boolean {
  return value === undefined || value === null || test(value);
}

function refusal(status: number, message: string): GraphQLOutcome {
  return { status, body: { errors: [{ message, extensions: { status_code: status } }] } };
}

function flatHeaders(req: RequestContext): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, values]) => [name, values.join(', ')]));
}
