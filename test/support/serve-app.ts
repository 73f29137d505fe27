import { request as httpRequest } from 'node:http';
import type { App } from '../../runtime/framework/app.ts';
import { AppHttp } from '../../runtime/node/app-http.ts';

/** A running test server: its base URI and a way to stop it. */
export interface ServedApp {
  uri: string;
  http: AppHttp;
  close(): Promise<void>;
}

/** Serves `app` on 127.0.0.1 with a random port. */
export async function serveApp(app: App): Promise<ServedApp> {
  const http = new AppHttp(app);
  await http.startServer('127.0.0.1', 0);
  return { uri: http.uri, http, close: () => http.close() };
}

/** The raw outcome of a request sent byte-for-byte (for bodies and paths fetch would refuse or fix). */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a request with an exact path, headers and body bytes using node:http. */
export function rawRequest(
  uri: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const { hostname, port } = new URL(uri);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A decoded JSON reply: its status, body (`null` when empty) and content type. */
export interface JsonReply {
  status: number;
  json: Record<string, unknown> & Record<string, unknown>[];
  type: string | null;
}

/** Sends `body` (when given) as JSON to `uri + path` and decodes the JSON reply. */
export async function callJson(uri: string, method: string, path: string, body?: unknown): Promise<JsonReply> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(uri + path, init);
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, type: response.headers.get('content-type') };
}
