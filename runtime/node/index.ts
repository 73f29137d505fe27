/** Halo for Node: the framework plus the node:http adapter. */
import { AppHttp } from './app-http.ts';
import { installNodePg } from './pg/node-pg-defaults.ts';
import { attachWebSockets } from './websocket-server.ts';

export * from '../framework/index.ts';
export { AppHttp } from './app-http.ts';
export { NodeRequestContext } from './node-request-context.ts';
export { openNodePostgres } from './pg/node-postgres-driver.ts';
export { pgChangeBus } from './pg/pg-change-bus.ts';

// Servers upgrade to WebSocket for apps configured with websocket(app).
AppHttp.extensions.push(attachWebSockets);

// PgService: node-postgres for DATABASE_URL, PGlite otherwise (pg and PGlite load on first use only).
installNodePg();
