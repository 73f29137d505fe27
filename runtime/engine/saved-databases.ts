/**
 * The page's store of saved program databases (IndexedDB), for pages that inspect it directly: the e2e harness
 * fills it past its quota. A file of its own so the playground's own entry does not load it before a program asks.
 */
export { answerPgCall, MAX_STORED_PG_BYTES } from '../server-worker/host/pg-store.ts';
