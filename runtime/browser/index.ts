/** Halo for the browser: the framework plus the playground adapter. */
import { installBrowserPg } from './pg-defaults.ts';

export * from '../framework/index.ts';
export { AppHttp } from './app-http.ts';

// PgService: PGlite in IndexedDB (PGlite itself loads on first use only).
installBrowserPg();
