import { safeText } from './errors/safe-text.ts';

const INTERNAL = '500 Internal Server Error';

/** Options accepted by every HttpException factory. */
export interface HttpExceptionOptions {
  /** Text shown to the client; each factory has its own default. */
  message?: string;
  /** Extra error strings, e.g. one per invalid field. */
  errors?: string[];
  /** The underlying error, kept for logs; never sent to the client. */
  cause?: unknown;
}

/** Constructor options of HttpException: the factory options plus a status code. */
export interface HttpExceptionInit extends HttpExceptionOptions {
  /** HTTP status code; 500 when omitted. */
  statusCode?: number;
  /** The catalogue code of a framework error (`HALO_RECORD_NOT_FOUND`); never sent to the client. */
  code?: string;
}

/** The JSON shape of an HttpException on the wire. */
export interface HttpExceptionJson {
  is_error: true;
  status_code: number;
  message: string;
  errors: string[];
}

/** An error that carries an HTTP status; anything thrown in a handler ends up as one. */
export class HttpException extends Error {
  /** HTTP status code sent with the error response. */
  statusCode: number;
  /** Extra error strings shown with the message. */
  errors: string[];
  /** The error this one wraps, if any. */
  declare cause: unknown;
  /** The catalogue code when the framework itself threw this error (see errors/framework-errors.ts). */
  code: string | undefined;

  /** Creates an exception; status 500 and message `500 Internal Server Error` by default. */
  constructor(init: HttpExceptionInit = {}) {
    super(safeText(init.message, INTERNAL));
    this.name = 'HttpException';
    this.statusCode = init.statusCode ?? 500;
    this.errors = Array.isArray(init.errors) ? [...init.errors] : [];
    this.cause = init.cause;
    this.code = init.code;
  }

  /** The wire shape: `{"is_error":true,"status_code":N,"message":"…","errors":[…]}`. */
  toJson(): HttpExceptionJson {
    return { is_error: true, status_code: this.statusCode, message: this.message, errors: this.errors };
  }

  /** Lets `JSON.stringify(exception)` produce the wire shape. */
  toJSON(): HttpExceptionJson {
    return this.toJson();
  }

  /** `"<status>: <message>"`, e.g. `400: Missing name.` */
  override toString(): string {
    return `${this.statusCode}: ${this.message}`;
  }

  /**
   * Wraps any thrown value and never throws: an HttpException passes as is; anything else becomes a 500
   * whose message is the error's message or the thrown text (`500 Internal Server Error` when there is none).
   */
  static from(error: unknown): HttpException {
    if (isHttpException(error)) return error;
    return new HttpException({ statusCode: 500, message: safeText(error, '') || INTERNAL, cause: error });
  }

  /** 400 `400 Bad Request`. */
  static badRequest(options?: HttpExceptionOptions): HttpException {
    return make(400, '400 Bad Request', options);
  }

  /** 401 `401 Not Authenticated`. */
  static notAuthenticated(options?: HttpExceptionOptions): HttpException {
    return make(401, '401 Not Authenticated', options);
  }

  /** 402 `402 Payment Required`. */
  static paymentRequired(options?: HttpExceptionOptions): HttpException {
    return make(402, '402 Payment Required', options);
  }

  /** 403 `403 Forbidden`. */
  static forbidden(options?: HttpExceptionOptions): HttpException {
    return make(403, '403 Forbidden', options);
  }

  /** 404 `404 Not Found`. */
  static notFound(options?: HttpExceptionOptions): HttpException {
    return make(404, '404 Not Found', options);
  }

  /** 405 `405 Method Not Allowed`. */
  static methodNotAllowed(options?: HttpExceptionOptions): HttpException {
    return make(405, '405 Method Not Allowed', options);
  }

  /** 406 `406 Not Acceptable`. */
  static notAcceptable(options?: HttpExceptionOptions): HttpException {
    return make(406, '406 Not Acceptable', options);
  }

  /** 408 `408 Timeout`. */
  static methodTimeout(options?: HttpExceptionOptions): HttpException {
    return make(408, '408 Timeout', options);
  }

  /** 409 `409 Conflict`. */
  static conflict(options?: HttpExceptionOptions): HttpException {
    return make(409, '409 Conflict', options);
  }

  /** 413 `413 Payload Too Large` (sent when a body exceeds the App's limit). */
  static payloadTooLarge(options?: HttpExceptionOptions): HttpException {
    return make(413, '413 Payload Too Large', options);
  }

  /** 415 `415 Unsupported Media Type` (sent when parseBody cannot read the content type). */
  static unsupportedMediaType(options?: HttpExceptionOptions): HttpException {
    return make(415, '415 Unsupported Media Type', options);
  }

  /** 422 `422 Not Processable`. */
  static notProcessable(options?: HttpExceptionOptions): HttpException {
    return make(422, '422 Not Processable', options);
  }

  /** 501 `501 Not Implemented`. */
  static notImplemented(options?: HttpExceptionOptions): HttpException {
    return make(501, '501 Not Implemented', options);
  }

  /** 503 `503 Unavailable`. */
  static unavailable(options?: HttpExceptionOptions): HttpException {
    return make(503, '503 Unavailable', options);
  }
}

function make(statusCode: number, defaultMessage: string, options: HttpExceptionOptions = {}): HttpException {
  return new HttpException({ ...options, statusCode, message: options.message ?? defaultMessage });
}

// `instanceof` runs a proxy's getPrototypeOf trap, which may throw.
function isHttpException(error: unknown): error is HttpException {
  try {
    return error instanceof HttpException;
  } catch {
    return false;
  }
}
