import type { RequestContext } from '../request-context.ts';
import type { ResponseContext } from '../response-context.ts';
import type { ServiceParams } from './service-params.ts';

/** What hooks and providers need of a service: its six methods, whatever its id and data types. */
export type AnyService = {
  index(params?: ServiceParams): Promise<unknown>;
  read(id: never, params?: ServiceParams): Promise<unknown>;
  create(data: never, params?: ServiceParams): Promise<unknown>;
  modify(id: never, data: never, params?: ServiceParams): Promise<unknown>;
  update(id: never, data: never, params?: ServiceParams): Promise<unknown>;
  remove(id: never, params?: ServiceParams): Promise<unknown>;
  parseId(raw: string): unknown;
  readData(req: RequestContext): unknown;
  close(): Promise<void>;
};

/** The data type of a service (what `readData` produces). */
export type ServiceData<S> = S extends { readData(req: RequestContext): infer D } ? D : never;

/** The id type of a service (what `parseId` produces). */
export type ServiceId<S> = S extends { parseId(raw: string): infer I } ? Exclude<I, null> : never;

/** One call of a hooked method, with the REST request/response when a REST client made it. */
export interface HookedCall {
  /** The record id (read, modify, update, remove). */
  id?: unknown;
  /** The data (create, modify, update). */
  data?: unknown;
  /** The call's params. */
  params?: ServiceParams;
  /** The REST request, when a REST client made the call. */
  request?: RequestContext | null;
  /** The REST response, when a REST client made the call. */
  response?: ResponseContext | null;
}
