/** Halo for the browser: the framework plus the playground adapter. */
export * from '../framework/index.ts';
export { AppHttp } from './app-http.ts';
