/**
 * Whether a page of `origin` (the upgrade's `Origin` header) may open a socket to the server at `host`
 * (the upgrade's `Host` header): always when there is no `Origin` (not a browser: browsers send it on
 * every WebSocket), when the origin's host is exactly `host`, when `allowed` is `'*'` or lists the
 * origin exactly. Exact comparison of parsed values, never a prefix: `http://127.0.0.1.evil.example`
 * is not `127.0.0.1`. This is what stops cross-site WebSocket hijacking (a page of another site using
 * the visitor's cookies).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[] | '*'): boolean {
  if (origin === undefined) return true;
  if (allowed === '*') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host.toLowerCase()) return true;
  return allowed.includes(parsed.origin);
}
