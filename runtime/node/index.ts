/** Halo for Node: the framework plus the node:http adapter. */
export * from '../framework/index.ts';
export { AppHttp } from './app-http.ts';
export { NodeRequestContext } from './node-request-context.ts';
