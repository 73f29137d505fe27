/** An HTTP request crossing into the server worker; the body is transferred, not copied. */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** An HTTP response crossing back to the page; the body is transferred, not copied. */
export interface WireResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** Reads a Request into its wire form (the body as one ArrayBuffer, ready to transfer). */
export async function toWireRequest(request: Request): Promise<WireRequest> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  return { url: request.url, method: request.method, headers: [...request.headers], body };
}

/** Rebuilds a Request from its wire form. */
export function fromWireRequest(wire: WireRequest): Request {
  return new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body });
}

/** Reads a Response into its wire form. */
export async function toWireResponse(response: Response): Promise<WireResponse> {
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: await response.arrayBuffer() };
}

/** Rebuilds a Response from its wire form; null-body statuses get no body. */
export function fromWireResponse(wire: WireResponse): Response {
  const noBody = wire.status === 204 || wire.status === 304 || wire.status < 200;
  return new Response(noBody ? null : wire.body, { status: wire.status, statusText: wire.statusText, headers: wire.headers });
}

/** A plain-text response made by the engine itself (timeouts, no program listening). */
export function textResponse(status: number, text: string): WireResponse {
  return { status, statusText: '', headers: [['content-type', 'text/plain; charset=utf-8']], body: new TextEncoder().encode(text).buffer };
}
