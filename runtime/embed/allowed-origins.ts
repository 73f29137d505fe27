/**
 * The optional allowlist of pages that may use a deployment's snippet frame: `embed-origins.json` at the site's
 * root (`{ "origins": ["https://docs.example.org"] }`), written by whoever hosts the playground. The build and
 * the snippet kit write one that lets any page (`["*"]`), so the frame's request for it does not 404 in the
 * author's console; without the file any page may too. The snippets' programs run sandboxed either way.
 */
import { ALLOWED_ORIGINS_FILE } from '../contract/embed-origins-file.ts';

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

/** Whether a page of `origin` may use the frame under `allowed` (null: no allowlist; `*` in it: any page). */
export function originAllowed(origin: string, allowed: string[] | null): boolean {
  return allowed === null || allowed.includes('*') || allowed.includes(origin);
}
