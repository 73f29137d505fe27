/// <reference types="vite/client" />

/**
 * The playground's root URL (where `index.html` and the service worker live), wherever it is hosted.
 * Built chunks sit in `<root>/assets/` (vite.config.ts fixes `build.assetsDir`), so the root is one
 * level above this module; the dev server serves sources under its base path instead.
 */
export function siteRoot(): URL {
  return import.meta.env.DEV ? new URL(import.meta.env.BASE_URL, location.origin) : new URL(/* @vite-ignore */ '../', import.meta.url);
}
