/** Halo for Node: the framework plus the node:http adapter. */
import { installNodePg } from './pg/node-pg-defaults.ts';

export * from '../framework/index.ts';
export { AppHttp } from './app-http.ts';
export { NodeRequestContext } from './node-request-context.ts';
export { openNodePostgres } from './pg/node-postgres-driver.ts';
export { pgChangeBus } from './pg/pg-change-bus.ts';
export type { PgChangeBusOptions } from './pg/pg-change-bus.ts';

// PgService: node-postgres for DATABASE_URL, PGlite otherwise (pg and PGlite load on first use only).
installNodePg();
