/**
 * Large files of the build travel gzip-compressed from any static host: the build writes `X.gz` beside
 * each of them (runtime/build/compress-build.ts) and the browser inflates it with
 * `DecompressionStream`, so a host that compresses nothing (`python3 -m http.server`, many school
 * servers) still sends a 14 MB esbuild.wasm as 3.7 MB. Used by the service worker (a request for `X`
 * is answered from `X.gz`) and by code that fetches before the service worker controls the page.
 */

/** Suffix of a file's pre-compressed sibling in the build output. */
export const GZIP_SUFFIX = '.gz';

/** Content types of the files that may be compressed, by extension (the inflated response needs the right one). */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  wasm: 'application/wasm',
  json: 'application/json',
  ttf: 'font/ttf',
};

/** The content type of the file at `path`, by its extension. */
function contentType(path: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(path, 'http://x/').pathname)?.[1]?.toLowerCase() ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/**
 * The body of `compressed` (a `.gz` file as the host sent it) inflated, as a response for `path`.
 * A host that itself labels `.gz` files `Content-Encoding: gzip` hands the browser inflated bytes
 * already: the gzip magic number decides, so both kinds of host work.
 */
export async function inflated(compressed: Response, path: string): Promise<Response> {
  if (!compressed.ok || !compressed.body) return compressed;
  const reader = compressed.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(head);
      else controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  // The DOM lib types DecompressionStream's writable side as BufferSource; bytes are what it gets.
  const body = gzip ? whole.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : whole;
  return new Response(body, { status: 200, headers: { 'content-type': contentType(path) } });
}
