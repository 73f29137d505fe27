import type { ServerProcess } from './server-process.ts';
import type { Workload } from './workloads.ts';

/** Parses a content type into its lower-case media type and charset (charset names are case-insensitive). */
function mediaType(header: string | null): { type: string; charset: string | null } {
  const [type, ...params] = (header ?? '')
    .toLowerCase()
    .split(';')
    .map((s) => s.trim());
  const charset = params.find((p) => p.startsWith('charset='));
  return { type, charset: charset ? charset.slice('charset='.length) : null };
}

/**
 * Sends each workload once to `server` and throws unless the status, media type, charset (when the
 * expected type names one) and body are what every server must send, with a content-length.
 * Returns the content types seen, so the report can show the small spelling differences.
 */
export async function checkWire(server: ServerProcess, workloads: readonly Workload[]): Promise<string[]> {
  const seen: string[] = [];
  for (const w of workloads) {
    const response = await fetch(server.origin + w.path, { method: w.method, body: w.body, headers: w.headers });
    const body = await response.text();
    const got = mediaType(response.headers.get('content-type'));
    const want = mediaType(w.expected.type);
    const problems = [
      response.status !== w.expected.status && `status ${response.status}`,
      got.type !== want.type && `content-type ${response.headers.get('content-type')}`,
      want.charset && got.charset !== want.charset && `charset ${got.charset}`,
      body !== w.expected.body && `body ${body}`,
      response.headers.get('content-length') !== String(Buffer.byteLength(body)) && 'no/wrong content-length',
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`${server.name} ${w.method} ${w.path}: ${problems.join(', ')}`);
    seen.push(response.headers.get('content-type') ?? '');
  }
  return seen;
}
