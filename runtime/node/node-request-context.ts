import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { HttpException } from '../framework/http-exception.ts';
import type { MultipartLimits } from '../framework/server-options.ts';
import type { MultipartResult } from '../framework/request-context.ts';
import { RequestContext } from '../framework/request-context.ts';
import { UploadedFile } from '../framework/uploaded-file.ts';
import { frameworkErrors } from '../framework/errors/framework-errors.ts';
import { isSafeKey } from '../framework/objects/safe-keys.ts';

const EMPTY = Buffer.alloc(0);

/** The default multipart limits. */
export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = { parts: 1000, fields: 1000, files: 100, fieldNameSize: 200 };

/** A RequestContext sitting directly on Node's IncomingMessage (no WHATWG Request per request). */
export class NodeRequestContext extends RequestContext {
  /** True when the body was refused part-way (413); its connection must close after the response. */
  abandonedBody = false;

  /** Wraps Node's request; bodies past `bodyLimit` bytes, or multipart bodies past `multipart`, are refused with 413. */
  constructor(
    /** The underlying Node request. */
    readonly raw: IncomingMessage,
    bodyLimit: number,
    private readonly multipart: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
  ) {
    super(raw.method ?? 'GET', raw.url ?? '/', bodyLimit);
  }

  /** All request headers: lower-case name → list of values. */
  get headers(): Record<string, string[]> {
    return this.raw.headersDistinct as Record<string, string[]>;
  }

  /** The peer address of the request's socket (`''` once the socket is gone). */
  get remoteAddress(): string {
    return this.raw.socket.remoteAddress ?? '';
  }

  /** One header by lower-case name, or undefined. */
  header(name: string): string | undefined {
    const value = this.raw.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  protected readBody<T>(limit: number, use: (bytes: Uint8Array) => T): Promise<T> {
    const im = this.raw;
    return new Promise((resolve, reject) => {
      if (Number(im.headers['content-length']) > limit) return reject(this.refuse(limit));
      // Most bodies come in one chunk: a list (room for 17 on its first push) only from the second.
      let first: Buffer | null = null;
      let chunks: Buffer[] | null = null;
      let size = 0;
      // This runs for every request with a body, so the listeners are plain inline `on` callbacks:
      // `once` wraps each in a bound function, and a named closure costs a defineProperty under
      // tsx's keepNames. Past the limit the rest of the body is dropped unbuffered (the connection
      // closes after the 413) and never decoded.
      im.on('data', (chunk: Buffer) => {
        if (size > limit) return;
        size += chunk.length;
        if (size > limit) reject(this.refuse(limit));
        else if (!first) first = chunk;
        else (chunks ??= [first]).push(chunk);
      });
      im.on('end', () => {
        if (size > limit) return;
        try {
          resolve(use(chunks ? Buffer.concat(chunks, size) : (first ?? EMPTY)));
        } catch (error) {
          // `use` is a body parser: what it throws is an Error (an HttpException for a bad body).
          reject(error instanceof Error ? error : new Error('The request body could not be read.', { cause: error }));
        }
      });
      im.on('error', (error) => reject(frameworkErrors.bodyUnreadable(error)));
    });
  }

  private refuse(limit: number): HttpException {
    this.abandonedBody = true;
    return frameworkErrors.bodyTooLarge(limit);
  }

  private refuseMultipart(reason: string): HttpException {
    this.abandonedBody = true;
    return frameworkErrors.multipartRefused(reason);
  }

  protected readMultipart(contentType: string, limit: number, raw: Uint8Array | null): Promise<MultipartResult> {
    const im = this.raw;
    return new Promise((resolve, reject) => {
      if (Number(im.headers['content-length']) > limit) return reject(this.refuse(limit));
      const limits = this.multipart;
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { 'content-type': contentType },
          limits: { fieldSize: limit, fileSize: limit, parts: limits.parts, fields: limits.fields, files: limits.files },
        });
      } catch (error) {
        return reject(malformed(error));
      }
      let failed = false;
      const fail = (error: HttpException): void => {
        if (failed) return;
        failed = true;
        im.unpipe(parser);
        // Nothing reads the rest: drop it instead of pausing, so the 413/400 reaches the client.
        im.resume();
        reject(error);
      };
      const parts = this.readParts(parser, fail);
      parser.on('close', () => {
        if (!failed) parts().then(resolve, reject);
      });
      this.feed(parser, raw, limit, fail);
    });
  }

  /** Listens for the fields and files `parser` finds, refusing what is past the limits; returns what they were once it closes. */
  private readParts(parser: busboy.Busboy, fail: (error: HttpException) => void): () => Promise<MultipartResult> {
    const limits = this.multipart;
    const fields: Record<string, string> = {};
    const pending: Promise<UploadedFile>[] = [];
    const nameTooLong = (name: string): boolean => {
      if (Buffer.byteLength(name) <= limits.fieldNameSize) return false;
      fail(this.refuseMultipart(`a field name is longer than ${limits.fieldNameSize} bytes`));
      return true;
    };
    parser.on('field', (name, value) => {
      if (!nameTooLong(name) && isSafeKey(name)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // A file part cut off mid-stream errors on its own stream: unhandled, that error kills the process.
      stream.on('error', (error) => fail(malformed(error)));
      if (nameTooLong(name)) return void stream.resume();
      pending.push(
        new Promise((done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () =>
            done(new UploadedFile(name, info.filename ?? '', info.mimeType || 'application/octet-stream', Buffer.concat(chunks))),
          );
        }),
      );
    });
    parser.on('partsLimit', () => fail(this.refuseMultipart(`it has more than ${limits.parts} parts`)));
    parser.on('fieldsLimit', () => fail(this.refuseMultipart(`it has more than ${limits.fields} fields`)));
    parser.on('filesLimit', () => fail(this.refuseMultipart(`it has more than ${limits.files} files`)));
    parser.on('error', (error) => fail(malformed(error)));
    return () => Promise.all(pending).then((files) => ({ fields, files }));
  }

  /** Gives `parser` the body: `raw` when it was already read, else the request as it streams in, refused past `limit` bytes. */
  private feed(parser: busboy.Busboy, raw: Uint8Array | null, limit: number, fail: (error: HttpException) => void): void {
    if (raw) {
      parser.end(raw);
      return;
    }
    const im = this.raw;
    let size = 0;
    im.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(this.refuse(limit));
    });
    im.once('error', (error) => fail(malformed(error)));
    im.pipe(parser);
  }
}

function malformed(error: unknown): HttpException {
  return frameworkErrors.malformedMultipart(error);
}
