/**
 * Options of `new AppHttp(app, options)`: the limits of the Node server. They are declared here, not in
 * runtime/node, so that the playground's AppHttp accepts the same options and a program runs unchanged.
 */

/** How many parts a multipart body may have; past a limit the request gets 413. */
export interface MultipartLimits {
  /** Parts of any kind; default 1000. */
  parts: number;
  /** Text fields; default 1000. */
  fields: number;
  /** Files; default 100. */
  files: number;
  /** Bytes in a field's name; default 200. */
  fieldNameSize: number;
}

/** How long and how much a refused client may go on sending before its connection is cut. */
export interface LingerLimits {
  /** Milliseconds; default 2000. */
  ms: number;
  /** Bytes read and discarded; past them the connection stops reading until it is cut. Default 1 MiB. */
  bytes: number;
}

/** Limits of the Node server; what a client sees past each one is in docs/framework.md ("Limits (Node)"). */
export interface AppHttpOptions {
  /** Milliseconds a client has to send the request line and headers (then 408); default 20 000; 0 turns it off. */
  headersTimeout?: number;
  /** Milliseconds a client has to send the whole request, body included (then 408); default 60 000; 0 turns it off. */
  requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection stays open; default 5000. */
  keepAliveTimeout?: number;
  /** Largest size in bytes of the request line plus headers (then 431); default 16 384. */
  maxHeaderSize?: number;
  /** Multipart counts (then 413); defaults: 1000 parts, 1000 fields, 100 files, 200-byte field names. */
  multipart?: Partial<MultipartLimits>;
  /** How long and how much a refused client (413, 431, 408, 400) may still send before its connection is cut. */
  linger?: Partial<LingerLimits>;
}
