import type { RequestContext } from '../request-context.ts';
import type { ResponseContext } from '../response-context.ts';
import type { Page } from './page.ts';
import type { ServiceParams } from './service-params.ts';

/** The service methods that hooks wrap. */
export type ServiceMethod = 'index' | 'read' | 'create' | 'modify' | 'update' | 'remove';

/** Names of the hook events, one per method. */
export type ServiceEventName = 'indexed' | 'read' | 'created' | 'modified' | 'updated' | 'removed';

/** Which event each method fires (a modify fires `modified`, unlike the original framework). */
export const EVENT_OF: Readonly<Record<ServiceMethod, ServiceEventName>> = {
  index: 'indexed',
  read: 'read',
  create: 'created',
  modify: 'modified',
  update: 'updated',
  remove: 'removed',
};

/** Every event name, in method order. */
export const SERVICE_EVENTS: readonly ServiceEventName[] = Object.values(EVENT_OF);

/** What a service call may produce: one record, several, or a page. */
export type ServiceResult<Data> = Data | Data[] | Page<Data>;

/**
 * One hooked call, as before- and after-listeners see it. Before-listeners may replace `data` or
 * change `params`; after-listeners may replace `result`; `cancel(result)` stops the remaining
 * listeners of this phase (and, before the call, skips the call itself).
 */
export class ServiceEvent<Id, Data, S> {
  /** The result so far: undefined before the call unless a listener cancelled with one. */
  result: ServiceResult<Data> | undefined;
  /** True once a listener called cancel(). */
  cancelled = false;

  /** Creates an event; the hooked service does this for every call. */
  constructor(
    /** The event's name (`created`, `modified`, …). */
    readonly eventName: ServiceEventName,
    /** True for before-events, false for after-events. */
    readonly isBefore: boolean,
    /** The id the call is about, or null (index, create, "all"). */
    readonly id: Id | null,
    /** The data of create/modify/update; undefined for the others. */
    public data: Data | undefined,
    /** The call's params; listeners may add or change keys. */
    public params: ServiceParams,
    /** The REST request, or null for a server-side call. */
    readonly request: RequestContext | null,
    /** The REST response, or null for a server-side call. */
    readonly response: ResponseContext | null,
    /** The service being called (the unhooked one). */
    readonly service: S,
  ) {}

  /** True for after-events. */
  get isAfter(): boolean {
    return !this.isBefore;
  }

  /** Stops the remaining listeners; a before-event also skips the call, which then yields `result`. */
  cancel(result?: ServiceResult<Data>): void {
    if (result !== undefined) this.result = result;
    this.cancelled = true;
  }
}

/** A hook listener; it may be async. */
export type ServiceListener<Id, Data, S> = (event: ServiceEvent<Id, Data, S>) => unknown;
