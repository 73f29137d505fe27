const TEXT_PLAIN = 'text/plain; charset=utf-8';

// Built from an empty literal, which V8 gives four in-object slots: a one-key literal has one, so the
// `content-length` every adapter adds would land in a property store allocated beside it on each request.
function defaultHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  headers['content-type'] = TEXT_PLAIN;
  return headers;
}

/** The outgoing response: a buffered body, a status and headers, sent once the pipeline ends. */
export class ResponseContext {
  /** HTTP status; 200 until a handler or an error changes it. */
  statusCode = 200;
  /** Response headers: lower-case name → value. */
  headers: Record<string, string> = defaultHeaders();
  /** Text written so far. */
  body = '';
  /** True once `close`, `json` or `redirect` ended the response; later handlers do not run. */
  closed = false;
  /** True when the body is one `json()` call's text alone: JSON as `JSON.stringify` writes it, which a provider can embed in its reply as is. */
  jsonBody = false;

  /** Appends `String(value)` to the body. Returns nothing, so `(req, res) => res.write(x)` ends the pipeline. */
  write(value: unknown): void {
    this.assertOpen();
    // A string is what handlers write almost always: skip the String() call it would go through.
    this.body += typeof value === 'string' ? value : String(value);
  }

  /** Appends `String(value)` and a line break (`\n`). */
  writeln(value: unknown = ''): void {
    this.assertOpen();
    this.body += String(value) + '\n';
  }

  /** Sends `value` as JSON (content type `application/json`) and closes the response. */
  json(value: unknown): void {
    this.assertOpen();
    const text = JSON.stringify(value);
    this.jsonBody = this.body === '';
    this.headers['content-type'] = 'application/json';
    this.body += text === undefined ? 'null' : text;
    this.closed = true;
  }

  /** Redirects to `url` with `code` (302 by default) and closes the response. */
  redirect(url: string, code = 302): void {
    this.assertOpen();
    this.statusCode = code;
    this.headers.location = url;
    this.closed = true;
  }

  /** Ends the response; nothing more can be written and no further handler runs. */
  close(): void {
    this.closed = true;
  }

  /** Drops what was written, so an error page starts clean; headers stay. */
  resetBody(): void {
    this.body = '';
    this.closed = false;
    this.jsonBody = false;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Cannot write to a closed response.');
  }
}
