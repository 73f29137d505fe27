/** Top-level names reserved for testing and local use (RFC 2606, RFC 6761): no public host has them. */
const RESERVED_SUFFIXES = ['.localhost', '.test', '.example', '.invalid'];

/**
 * Whether a program may `startServer` on `origin`: requests the page sends there go to the program
 * instead of the network, so it may take only addresses no real site has — http(s) on `localhost` and
 * `*.localhost`, loopback IPs (127.0.0.0/8, [::1]), 0.0.0.0, names under `.test`, `.example` or
 * `.invalid`, and single-label names (`http://api:8080`) — and never the playground's own origin.
 */
export function mayListenOn(origin: string, playgroundOrigin: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:') || origin === playgroundOrigin) return false;
  const host = url.hostname;
  if (host === 'localhost' || host === '[::1]' || host === '0.0.0.0') return true;
  if (RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  // One label and not a number (URL turns `http://2130706433` into an IPv4 address already).
  return !host.includes('.') && !host.startsWith('[');
}

/** The http(s) origin a ws(s) URL belongs to (`ws://localhost:3000/ws` → `http://localhost:3000`): programs register http origins. */
export function socketOrigin(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.protocol === 'wss:' ? 'https:' : 'http:'}//${parsed.host}`;
}

/** The client address a program in the playground sees (`req.remoteAddress`): its requests come from the page on the same machine. */
export const PAGE_ADDRESS = '127.0.0.1';
