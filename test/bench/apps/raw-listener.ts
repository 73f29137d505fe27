import type { IncomingMessage, ServerResponse } from 'node:http';
import { HELLO_TEXT, JSON_TYPE, TEXT_TYPE, jsonPayload, paramPayload, postPayload } from '../workloads.ts';

const USERS = '/users/';

function send(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

function readJson(req: IncomingMessage, done: (value: Record<string, unknown>) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => done(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
}

/** The baseline: plain node:http's request listener, routing by hand, sending the same bytes and headers as Halo. */
export function rawListener(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  if (req.method === 'GET') {
    if (url === '/hello') return send(res, TEXT_TYPE, HELLO_TEXT);
    if (url === '/json') return send(res, JSON_TYPE, JSON.stringify(jsonPayload()));
    if (url.startsWith(USERS)) return send(res, JSON_TYPE, JSON.stringify(paramPayload(decodeURIComponent(url.slice(USERS.length)))));
  } else if (req.method === 'POST' && url === '/echo') {
    return readJson(req, (body) => send(res, JSON_TYPE, JSON.stringify(postPayload(body))));
  }
  res.writeHead(404, { 'content-length': '0' });
  res.end();
}
