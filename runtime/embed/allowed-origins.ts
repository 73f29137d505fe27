/**
 * The optional allowlist of pages that may use a deployment's snippet frame: `embed-origins.json` at the site's
 * root (`{ "origins": ["https://docs.example.org"] }`), written by whoever hosts the playground. Without
 * the file any page may; the snippets' programs run sandboxed either way.
 */

/** The allowlist's file name, at the site's root. */
const ALLOWED_ORIGINS_FILE = 'embed-origins.json';

/** The origins of the allowlist at `root`, or null when there is none (any page may embed). */
export async function readAllowedOrigins(root: URL): Promise<string[] | null> {
  let response: Response;
  try {
    response = await fetch(new URL(ALLOWED_ORIGINS_FILE, root), { cache: 'no-cache' });
  } catch {
    return null;
  }
  if (response.status === 404) return null;
  // A list that is there but unreadable allows no page: a typo must not open the frame to everyone.
  const data: unknown = await response.json().catch(() => null);
  const origins = typeof data === 'object' && data !== null ? (data as { origins?: unknown }).origins : null;
  return Array.isArray(origins) ? origins.filter((origin): origin is string => typeof origin === 'string') : [];
}

/** Whether a page of `origin` may use the frame under `allowed` (null: no allowlist). */
export function originAllowed(origin: string, allowed: string[] | null): boolean {
  return allowed === null || allowed.includes(origin);
}
