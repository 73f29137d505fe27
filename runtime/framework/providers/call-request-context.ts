import { frameworkErrors } from '../errors/framework-errors.ts';
import type { ParsedBody } from '../body/parsed-body.ts';
import type { MultipartResult } from '../request-context.ts';
import { RequestContext } from '../request-context.ts';

const encoder = new TextEncoder();

/**
 * The request a provider's service call runs as (see callThroughApp): a method, a target, the
 * client's headers and a JSON body held in memory. Cheaper than a WHATWG Request, whose body is a
 * stream: a WebSocket or GraphQL call pays for no stream, no AbortSignal and no copy.
 */
export class CallRequestContext extends RequestContext {
  private headers_: Record<string, string[]> | null = null;

  /**
   * A call to `target` with `headers` (lower-case names) and `body` (JSON text, or undefined for none);
   * or with `decoded`, a body decoded already (parseBody() reads nothing; bytes() gets its JSON text); from
   * the client at `remoteAddress`.
   */
  constructor(
    method: string,
    target: string,
    private readonly headerValues: Readonly<Record<string, string>>,
    private readonly body: string | undefined,
    bodyLimit: number,
    private readonly decoded?: ParsedBody,
    /** The address of the client whose message or request made the call (`''` when unknown). */
    readonly remoteAddress = '',
  ) {
    super(method, target, bodyLimit);
    if (decoded) this.useDecodedBody(decoded);
  }

  /** All request headers: lower-case name → list of values. */
  get headers(): Record<string, string[]> {
    if (this.headers_) return this.headers_;
    const out: Record<string, string[]> = {};
    for (const name of Object.keys(this.headerValues)) out[name] = [this.headerValues[name]];
    return (this.headers_ = out);
  }

  /** One header by lower-case name, or undefined. */
  header(name: string): string | undefined {
    return Object.hasOwn(this.headerValues, name) ? this.headerValues[name] : undefined;
  }

  protected async readBody<T>(limit: number, use: (bytes: Uint8Array) => T): Promise<T> {
    const text = this.body ?? (this.decoded && JSON.stringify(this.decoded.object));
    const bytes = text === undefined ? new Uint8Array(0) : encoder.encode(text);
    if (bytes.byteLength > limit) throw frameworkErrors.bodyTooLarge(limit);
    return use(bytes);
  }

  protected async readMultipart(): Promise<MultipartResult> {
    throw frameworkErrors.multipartProviderCall();
  }
}
