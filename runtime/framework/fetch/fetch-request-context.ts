import { frameworkErrors } from '../errors/framework-errors.ts';
import type { MultipartResult } from '../request-context.ts';
import { RequestContext } from '../request-context.ts';
import { UploadedFile } from '../uploaded-file.ts';

/** A RequestContext over a WHATWG `Request`, for Fetch-API hosts (the browser, Deno, Bun, workers). */
export class FetchRequestContext extends RequestContext {
  private headers_: Record<string, string[]> | null = null;

  /** Wraps `request` from the client at `remoteAddress`; bodies larger than `bodyLimit` bytes are refused with 413. */
  constructor(
    private readonly request: Request,
    bodyLimit: number,
    /** The client's IP address, as the host knows it (`''` when it does not). */
    readonly remoteAddress = '',
  ) {
    super(request.method.toUpperCase(), requestTarget(request.url), bodyLimit);
  }

  /** All request headers: lower-case name → list of values. */
  get headers(): Record<string, string[]> {
    if (this.headers_) return this.headers_;
    const out: Record<string, string[]> = {};
    this.request.headers.forEach((value, name) => {
      out[name] = name === 'set-cookie' ? this.request.headers.getSetCookie() : [value];
    });
    return (this.headers_ = out);
  }

  /** One header by lower-case name, or undefined. */
  header(name: string): string | undefined {
    return this.request.headers.get(name) ?? undefined;
  }

  protected async readBody<T>(limit: number, use: (bytes: Uint8Array) => T): Promise<T> {
    const declared = Number(this.request.headers.get('content-length'));
    if (declared > limit) throw frameworkErrors.bodyTooLarge(limit);
    // Firefox has no Request.body stream (undefined, not null): its body is read whole, then checked.
    if (this.request.body === undefined) {
      const bytes = new Uint8Array(await this.request.arrayBuffer());
      if (bytes.byteLength > limit) throw frameworkErrors.bodyTooLarge(limit);
      return use(bytes);
    }
    if (!this.request.body) return use(new Uint8Array(0));
    const reader = this.request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw frameworkErrors.bodyTooLarge(limit);
      }
      chunks.push(value);
    }
    return use(concat(chunks, size));
  }

  protected async readMultipart(contentType: string, limit: number, raw: Uint8Array | null): Promise<MultipartResult> {
    const bytes = raw ?? (await this.readBody(limit, (read) => read));
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
    } catch (error) {
      throw frameworkErrors.malformedMultipart(error);
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else
        files.push(new UploadedFile(name, value.name, value.type || 'application/octet-stream', new Uint8Array(await value.arrayBuffer())));
    }
    return { fields, files };
  }
}

function requestTarget(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash < 0 ? '/' : url.slice(slash);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
