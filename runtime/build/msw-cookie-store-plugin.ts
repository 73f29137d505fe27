import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const REPLACEMENT = fileURLToPath(new URL('../engine/msw-cookie-store.ts', import.meta.url));

/** Builds msw with runtime/engine/msw-cookie-store.ts in place of its localStorage-backed cookie store. */
export function mswCookieStorePlugin(): Plugin {
  return {
    name: 'halo-msw-cookie-store',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]node_modules[\\/]msw[\\/]/.test(importer) && /[\\/]cookieStore\.mjs$/.test(source)) return REPLACEMENT;
      return null;
    },
  };
}
