/**
 * File name, in the site build's root, of a fresh PGlite data directory (a tar made by the build): a new
 * database in the playground starts from it instead of running initdb in the browser, which took seconds
 * and a second PGlite instance's memory. Its name starts with `pglite`, so the offline cache stores it on first use.
 */
export const PGLITE_SEED_FILE = 'pglite-seed.tar';
