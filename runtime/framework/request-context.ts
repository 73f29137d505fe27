import { frameworkErrors } from './errors/framework-errors.ts';
import type { UploadedFile } from './uploaded-file.ts';
import { parseContentType } from './body/content-type.ts';
import type { ParsedBody } from './body/parsed-body.ts';
import { emptyBody, fromObject, parseJsonBody, parseUrlEncodedBody } from './body/parsed-body.ts';
import { parseFormString } from './body/form-string.ts';
import type { RequestLimits } from './body/request-limits.ts';
import { DEFAULT_LIMITS } from './body/request-limits.ts';
import { assignSafe } from './objects/safe-keys.ts';
import { traceBody } from './tracing/traced-body.ts';
import type { TraceScope } from './tracing/tracer.ts';

/** What an adapter's multipart reader returns: text fields and file parts. */
export interface MultipartResult {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const NOT_PARSED = 'The request body has not been parsed yet. Call `await req.parseBody()` before reading it.';
const PARSED: Promise<void> = Promise.resolve();

/**
 * The incoming request as handlers see it. Platform-neutral: each host (Node, Fetch) subclasses it
 * and supplies headers and the raw body; everything else — query, params, body parsing — lives here.
 */
export abstract class RequestContext {
  /**
   * Where this request records its trace; null (untraced) unless its host asked for a trace. The null
   * lives on the prototype: an untraced request carries no field for it.
   */
  declare trace: TraceScope | null;
  /** Limits on the structure of the body and query; the App sets its own before routing. */
  limits: RequestLimits = DEFAULT_LIMITS;
  // Created on first read: most routes have no params, and this runs for every request.
  private params_: Record<string, string> | null = null;
  private query_: Record<string, string> | null = null;
  private serviceParams_: Record<string, unknown> | null = null;
  private parsing: Promise<void> | null = null;
  private parsed: ParsedBody | null = null;
  /** The one read of the body stream, by parseBody() or bytes(); later uses wait for it. */
  private reading: Promise<unknown> | null = null;
  private bodyBytes: Uint8Array | null = null;
  private rawBody: Promise<Uint8Array> | null = null;
  private streamConsumed = false;

  /** Creates a context for `method` and the raw request target `url` (path and query). */
  constructor(
    /** The HTTP method, upper case; a POST with `X-HTTP-Method-Override` may be re-labelled before routing. */
    public method: string,
    /** The raw request target: path plus query string, as sent. */
    readonly url: string,
    /** The largest body, in bytes, that parseBody()/bytes() will read. */
    readonly bodyLimit: number,
  ) {}

  /** All request headers: lower-case name → list of values. */
  abstract get headers(): Record<string, string[]>;

  /**
   * The IP address of the client as the host saw it (the socket's peer on Node, `127.0.0.1` for the page
   * that calls a program in the playground); `''` when the host cannot tell. Never a header a client may set.
   */
  abstract get remoteAddress(): string;

  /** One header by lower-case name (repeated values joined with `, `), or undefined. */
  abstract header(name: string): string | undefined;

  /** Reads the whole raw body, rejecting with 413 past `limit` bytes; resolves with `use(bytes)` (a throw in `use` rejects). */
  protected abstract readBody<T>(limit: number, use: (bytes: Uint8Array) => T): Promise<T>;

  /** Reads a multipart body (from `raw` when the bytes were already read), rejecting with 400/413. */
  protected abstract readMultipart(contentType: string, limit: number, raw: Uint8Array | null): Promise<MultipartResult>;

  /** For hosts that hold the body decoded already (a provider's call from a client's JSON message): parseBody() then reads nothing. */
  protected useDecodedBody(body: ParsedBody): void {
    this.parsed = body;
    this.parsing = PARSED;
  }

  /** Route parameters of the matched routes (`/todos/:id` → `{ id }`), URI-decoded; a fresh object per request. */
  get params(): Record<string, string> {
    return (this.params_ ??= {});
  }

  set params(value: Record<string, string>) {
    this.params_ = value;
  }

  /** The path part of the URL, as sent (`/todos/1`). */
  get path(): string {
    const q = this.url.indexOf('?');
    return q < 0 ? this.url : this.url.slice(0, q);
  }

  /** The raw query string without `?` (`''` when there is none). */
  get queryString(): string {
    const q = this.url.indexOf('?');
    return q < 0 ? '' : this.url.slice(q + 1);
  }

  /** Query-string parameters as a flat map (last value wins); bad percent-encoding or too many parameters is a 400. */
  get query(): Record<string, string> {
    return (this.query_ ??= parseFormString(this.queryString, 'query string', this.limits.maxParameters));
  }

  /** Extra params that middleware passes to services (merged into a REST call's params). */
  get serviceParams(): Record<string, unknown> {
    return (this.serviceParams_ ??= {});
  }

  set serviceParams(value: Record<string, unknown>) {
    this.serviceParams_ = value;
  }

  /** Parses the body by its content type (JSON, urlencoded, multipart); safe to call more than once. */
  parseBody(): Promise<void> {
    if (this.parsing) return this.parsing;
    const trace = this.trace;
    return (this.parsing = trace
      ? traceBody(
          trace,
          this.header('content-type'),
          () => this.parse(),
          () => this.bodySize(),
        )
      : this.parse());
  }

  /** True once parseBody() has finished successfully. */
  get hasParsedBody(): boolean {
    return this.parsed !== null;
  }

  /** The parsed body as a map; a missing key reads `null`. Throws 400 when the body is not a map. */
  get bodyAsMap(): Record<string, unknown> {
    const body = this.parsedBody();
    if (body.map) return body.map;
    throw frameworkErrors.bodyNotObject(describe(body.object));
  }

  /** The parsed body as a list. Throws 400 when the body is not a JSON array. */
  get bodyAsList(): unknown[] {
    const body = this.parsedBody();
    if (body.list) return body.list;
    throw frameworkErrors.bodyNotList(describe(body.object));
  }

  /** The parsed body as decoded (map, list or scalar). */
  get bodyAsObject(): unknown {
    return this.parsedBody().object;
  }

  /** Files of a multipart body, in the order they came. */
  get uploadedFiles(): UploadedFile[] {
    return this.parsedBody().files;
  }

  /** The raw body bytes (for content types parseBody() does not read); 413 past the body limit. */
  bytes(): Promise<Uint8Array> {
    if (this.streamConsumed) return Promise.reject(new Error('The request body was already consumed by parseBody().'));
    return (this.rawBody ??= this.read(same));
  }

  /** The raw body decoded as UTF-8. */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  /** Bytes of the body read so far, or the declared length of a body streamed to the multipart reader. */
  private bodySize(): number | null {
    if (this.bodyBytes) return this.bodyBytes.byteLength;
    const declared = Number(this.header('content-length'));
    return Number.isFinite(declared) ? declared : null;
  }

  private parsedBody(): ParsedBody {
    if (!this.parsed) throw new Error(NOT_PARSED);
    return this.parsed;
  }

  /**
   * Reads the body stream once and runs `use` on its bytes. The first read decodes inside the adapter's
   * own end-of-body callback, so a JSON POST's parseBody() is one promise and one tick; a later read
   * (bytes() after parseBody(), or the reverse) waits for the first and reuses its bytes.
   */
  private read<T>(use: (bytes: Uint8Array) => T): Promise<T> {
    if (!this.reading) return (this.reading = this.readBody(this.bodyLimit, (bytes) => use((this.bodyBytes = bytes))));
    const again = (): T => use(this.bodyBytes as Uint8Array);
    // The first use may have failed on bytes that were read (malformed JSON): they still serve this one.
    return this.reading.then(again, (error: unknown) => {
      if (this.bodyBytes) return again();
      throw error;
    });
  }

  // Not `async`: each body type decodes straight in the read, so a JSON POST costs no extra ticks.
  private parse(): Promise<void> {
    const header = this.header('content-type');
    const { type, params } = parseContentType(header);
    if (type === 'application/json' || type.endsWith('+json')) {
      return this.read((bytes) => void (this.parsed = parseJsonBody(bytes, this.limits)));
    }
    if (type === 'application/x-www-form-urlencoded') {
      return this.read((bytes) => void (this.parsed = parseUrlEncodedBody(bytes, this.limits)));
    }
    if (type === 'multipart/form-data') return this.parseMultipart(header as string, params.boundary);
    return this.read((bytes) => {
      if (bytes.byteLength > 0) throw frameworkErrors.unsupportedContentType(type);
      this.parsed = emptyBody();
    });
  }

  private async parseMultipart(header: string, boundary: string | undefined): Promise<void> {
    if (!boundary) throw frameworkErrors.multipartWithoutBoundary();
    const raw = this.reading ? await this.bytes() : null;
    this.streamConsumed = raw === null;
    const { fields, files } = await this.readMultipart(header, this.bodyLimit, raw);
    // Adapters fill `fields` by assignment; copy only safe keys into the map handlers see.
    this.parsed = fromObject(assignSafe({}, fields), files);
  }
}

RequestContext.prototype.trace = null;

function same(bytes: Uint8Array): Uint8Array {
  return bytes;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}
