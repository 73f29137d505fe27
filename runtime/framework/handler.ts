import type { RequestContext } from './request-context.ts';
import type { ResponseContext } from './response-context.ts';

/**
 * A route handler or middleware. Its return value decides what happens next:
 * `true` continues; `undefined`, `null` or `false` stops; any other value is sent as JSON and stops.
 */
export type Handler = (req: RequestContext, res: ResponseContext) => unknown;
