import type { Providers } from './providers.ts';

/**
 * The optional params map every service method takes. REST calls fill `query` and `provider`;
 * middleware adds its own keys through `req.serviceParams`; server-side calls pass what they like.
 */
export interface ServiceParams {
  /** The query of the call (the parsed query string for REST calls). */
  query?: Record<string, unknown>;
  /** How a client reached the service; absent for server-side calls. */
  provider?: Providers;
  /** Anything else middleware or callers pass along. */
  [key: string]: unknown;
}
