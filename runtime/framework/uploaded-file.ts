const decoder = new TextDecoder();

/** A file part of a multipart body, held in memory (bodies are bounded by the App's body limit). */
export class UploadedFile {
  /** Creates a file from its form field name, file name, content type and bytes. */
  constructor(
    /** The form field name. */
    readonly name: string,
    /** The file name the client sent. */
    readonly filename: string,
    /** The part's content type, e.g. `text/plain`. */
    readonly contentType: string,
    private readonly data: Uint8Array,
  ) {}

  /** Size in bytes. */
  get size(): number {
    return this.data.byteLength;
  }

  /** The file's bytes. */
  async bytes(): Promise<Uint8Array> {
    return this.data;
  }

  /** The file's content decoded as UTF-8. */
  async text(): Promise<string> {
    return decoder.decode(this.data);
  }

  /** A JSON summary (never the content), so files can be logged or returned from handlers. */
  toJSON(): { name: string; filename: string; contentType: string; size: number } {
    return { name: this.name, filename: this.filename, contentType: this.contentType, size: this.size };
  }
}
