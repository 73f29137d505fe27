import { HttpException } from '../http-exception.ts';

/** One error the framework throws: a factory for its HttpException, with the code and status it always has. */
export interface FrameworkError<Args extends unknown[]> {
  /** Builds the exception; the arguments fill the message template. */
  (...args: Args): HttpException;
  /** Stable identifier, e.g. `HALO_RECORD_NOT_FOUND`. */
  readonly code: string;
  /** The HTTP status every exception of this kind carries. */
  readonly statusCode: number;
}

/**
 * Declares an error once: its code, status and message template. When `causeIsFirst`, the first
 * argument is the error being wrapped, kept as the cause (for logs, never sent).
 */
function declare<Args extends unknown[]>(
  code: string,
  statusCode: number,
  message: (...args: Args) => string,
  causeIsFirst = false,
): FrameworkError<Args> {
  const create = (...args: Args): HttpException =>
    new HttpException({ code, statusCode, message: message(...args), cause: causeIsFirst ? args[0] : undefined });
  return Object.assign(create, { code, statusCode });
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** findOne's default 404 message. */
export const NO_RECORD_MATCHES = 'No record was found matching the given query.';

/**
 * Every HttpException the framework itself throws, declared once (in the spirit of Fastify's
 * `lib/errors.js`): a throw site names the error and passes the details; the text lives here.
 */
export const frameworkErrors = {
  // Request bodies
  bodyNotObject: declare('HALO_BODY_NOT_OBJECT', 400, (what: string) => `Expected the request body to be an object, but it is ${what}.`),
  bodyNotList: declare('HALO_BODY_NOT_LIST', 400, (what: string) => `Expected the request body to be a list, but it is ${what}.`),
  bodyTooLarge: declare('HALO_BODY_TOO_LARGE', 413, (limit: number) => `The request body is larger than the limit of ${limit} bytes.`),
  emptyJsonBody: declare('HALO_EMPTY_JSON_BODY', 400, () => 'Malformed JSON body: the body is empty.'),
  malformedJsonBody: declare('HALO_MALFORMED_JSON_BODY', 400, (error: unknown) => `Malformed JSON body: ${messageOf(error)}`, true),
  malformedMultipart: declare('HALO_MALFORMED_MULTIPART', 400, (error: unknown) => `Malformed multipart body: ${messageOf(error)}`, true),
  multipartWithoutBoundary: declare(
    'HALO_MULTIPART_WITHOUT_BOUNDARY',
    400,
    () => 'Malformed multipart body: the content-type header has no boundary parameter.',
  ),
  unsupportedContentType: declare('HALO_UNSUPPORTED_CONTENT_TYPE', 415, (type: string) => {
    const what = type ? `Unsupported content type "${type}"` : 'The request has a body but no content-type header';
    return `${what}. parseBody() reads application/json, application/x-www-form-urlencoded and multipart/form-data; read other bodies with req.text() or req.bytes().`;
  }),
  multipartProviderCall: declare('HALO_MULTIPART_PROVIDER_CALL', 415, () => 'A provider call carries JSON, not multipart.'),
  nestedTooDeep: declare(
    'HALO_NESTED_TOO_DEEP',
    400,
    (what: string, max: number) => `The ${what} is nested deeper than the limit of ${max} levels (App option maxBodyDepth).`,
  ),
  tooManyParameters: declare(
    'HALO_TOO_MANY_PARAMETERS',
    400,
    (where: string, max: number) => `The ${where} has more than ${max} parameters (App option maxParameters).`,
  ),
  malformedPercentEncoding: declare(
    'HALO_MALFORMED_PERCENT_ENCODING',
    400,
    (where: string, text: string) => `Malformed percent-encoding in ${where}: "${text}".`,
  ),
  malformedQueryString: declare(
    'HALO_MALFORMED_QUERY_STRING',
    400,
    (error: unknown) => `Malformed query string: ${messageOf(error)}`,
    true,
  ),

  // Request paths and routes
  malformedPathSegment: declare(
    'HALO_MALFORMED_PATH_SEGMENT',
    400,
    (segment: string) => `Malformed percent-encoding in path segment "${segment}".`,
  ),
  forbiddenPathSegment: declare(
    'HALO_FORBIDDEN_PATH_SEGMENT',
    400,
    (segment: string) => `The path segment "${segment}" is not allowed in a request path.`,
  ),
  nulInPath: declare('HALO_NUL_IN_PATH', 400, () => 'A request path must not contain a NUL byte (%00).'),
  routeNotFound: declare('HALO_ROUTE_NOT_FOUND', 404, () => '404 Not Found'),

  // Services
  methodNotAllowed: declare('HALO_METHOD_NOT_ALLOWED', 405, () => '405 Method Not Allowed'),
  recordNotFound: declare('HALO_RECORD_NOT_FOUND', 404, (id: unknown) => `No record found for ID ${String(id)}`),
  noRecordMatches: declare('HALO_NO_RECORD_MATCHES', 404, (message: string = NO_RECORD_MATCHES) => message),
  replaceMultiple: declare('HALO_REPLACE_MULTIPLE', 400, () => "You can not replace multiple instances. Did you mean 'modify'?"),
  removeAllForbidden: declare('HALO_REMOVE_ALL_FORBIDDEN', 403, () => 'Clients are not allowed to delete all items.'),
  multipleNotAllowed: declare('HALO_MULTIPLE_NOT_ALLOWED', 405, (method: string) => `Can not ${method} multiple entries`),
  invalidQueryOperator: declare('HALO_INVALID_QUERY_OPERATOR', 400, (op: string) => `Invalid query operator ${op}.`),
  badQueryOperand: declare(
    'HALO_BAD_QUERY_OPERAND',
    400,
    (field: string, op: string, expected: string, given: string) =>
      `The query operator ${op} on "${field}" takes ${expected}, not ${given}.`,
  ),
  badQueryValue: declare(
    'HALO_BAD_QUERY_VALUE',
    400,
    (field: string, expected: string, given: string) => `The query value of "${field}" must be ${expected}, not ${given}.`,
  ),
  badQueryFilter: declare(
    'HALO_BAD_QUERY_FILTER',
    400,
    (filter: string, expected: string, given: string) => `${filter} must be ${expected}, not ${given}.`,
  ),
  queryTooDeep: declare('HALO_QUERY_TOO_DEEP', 400, (max: number) => `$or and $and may nest at most ${max} levels deep.`),
  nulInQuery: declare('HALO_NUL_IN_QUERY', 400, (field: string) => `A query must not contain a NUL byte (%00); "${field}" does.`),
  recordNotObject: declare('HALO_RECORD_NOT_OBJECT', 400, () => 'A record must be a JSON object.'),
  recordTooDeep: declare('HALO_RECORD_TOO_DEEP', 400, (max: number) => `A record may nest at most ${max} levels deep.`),
  recordBigInt: declare('HALO_RECORD_BIGINT', 400, () => 'A record may not hold a BigInt; store it as a string.'),

  // PostgreSQL
  noFreeId: declare('HALO_NO_FREE_ID', 500, (table: string) => `PgService ${table}: no free id after 1000 tries.`),
  serverUrlNeedsNode: declare(
    'HALO_PG_SERVER_NEEDS_NODE',
    503,
    () => 'A PostgreSQL server URL needs the Node build of halo (node-postgres); here use PGlite (e.g. idb://name or memory://).',
  ),
  databaseRefused: declare('HALO_DATABASE_REFUSED', 400, (error: unknown) => `Database error: ${messageOf(error)}`, true),
  databaseConflict: declare('HALO_DATABASE_CONFLICT', 409, (error: unknown) => `Database error: ${messageOf(error)}`, true),
  databaseFailed: declare('HALO_DATABASE_FAILED', 500, (error: unknown) => `Database error: ${messageOf(error)}`, true),
  databaseUnavailable: declare(
    'HALO_DATABASE_UNAVAILABLE',
    503,
    (error: unknown) => `The database is unavailable: ${messageOf(error)}`,
    true,
  ),

  // Providers (service calls over WebSocket and GraphQL)
  serviceNotMounted: declare('HALO_SERVICE_NOT_MOUNTED', 404, (path: string) => `No service is mounted at ${path}.`),
  unknownServiceMethod: declare(
    'HALO_UNKNOWN_SERVICE_METHOD',
    400,
    (method: unknown, known: readonly string[]) => `Unknown method ${JSON.stringify(method)}: use ${known.join(', ')}.`,
  ),
  resolverServiceNotMounted: declare(
    'HALO_RESOLVER_SERVICE_NOT_MOUNTED',
    500,
    () => 'This GraphQL resolver names a service that is not mounted on the app (app.use).',
  ),
  variablesNotJson: declare('HALO_VARIABLES_NOT_JSON', 400, () => '"variables" is not valid JSON.'),
  originNotAllowed: declare(
    'HALO_WS_ORIGIN_NOT_ALLOWED',
    403,
    (origin: string) => `WebSocket connections from ${origin} are not allowed (allowedOrigins).`,
  ),
  tooManyMessages: declare(
    'HALO_TOO_MANY_MESSAGES',
    429,
    (messages: number, windowMs: number) => `Too many messages: at most ${messages} per ${windowMs} ms.`,
  ),
  badCallName: declare(
    'HALO_BAD_CALL_NAME',
    400,
    (call: unknown) => `"call" names a service and a method: "todos.create", not ${JSON.stringify(call)}.`,
  ),
  malformedJsonMessage: declare('HALO_MALFORMED_JSON_MESSAGE', 400, (error: unknown) => `Malformed JSON: ${messageOf(error)}`, true),
  messageNotObject: declare(
    'HALO_MESSAGE_NOT_OBJECT',
    400,
    () => 'A message is a JSON object: { "id": 1, "call": "todos.create", "data": {…}, "query": {…} }.',
  ),
  queryNotObject: declare('HALO_QUERY_NOT_OBJECT', 400, () => '"query" must be an object.'),

  // A server adapter: HTTP broken before a request reaches the app, a body that cannot be read, a response that cannot be sent
  headersTooLarge: declare(
    'HALO_HEADERS_TOO_LARGE',
    431,
    (limit: number) => `The request headers are larger than the limit of ${limit} bytes.`,
  ),
  requestTimeout: declare('HALO_REQUEST_TIMEOUT', 408, () => 'The request was not received in time; the connection is closed.'),
  chunkExtensionsTooLarge: declare('HALO_CHUNK_EXTENSIONS_TOO_LARGE', 413, () => 'The chunk extensions of the request body are too large.'),
  malformedHttp: declare('HALO_MALFORMED_HTTP', 400, (error: unknown) => `Malformed HTTP request: ${messageOf(error)}`, true),
  bodyUnreadable: declare('HALO_BODY_UNREADABLE', 400, (error: unknown) => `The request body could not be read: ${messageOf(error)}`, true),
  multipartRefused: declare('HALO_MULTIPART_REFUSED', 413, (reason: string) => `The multipart body is refused: ${reason}.`),
  responseNotSent: declare('HALO_RESPONSE_NOT_SENT', 500, (detail: string) =>
    detail ? `500 Internal Server Error: ${detail}` : '500 Internal Server Error',
  ),
} as const;
