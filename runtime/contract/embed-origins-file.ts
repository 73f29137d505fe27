/**
 * The snippet frame's optional allowlist, `embed-origins.json` at a deployment's root (runtime/embed/allowed-origins.ts
 * reads it). Here, below both, because the build and the snippet kit write it too.
 */

/** The allowlist's file name, at the site's root. */
export const ALLOWED_ORIGINS_FILE = 'embed-origins.json';

/** What a build writes when nobody limited it: a list that holds `*` lets any page embed (and nothing 404s). */
export const ANY_ORIGIN_LIST = `${JSON.stringify({ origins: ['*'] })}\n`;
