import { NO_RECORD_MATCHES } from '../errors/framework-errors.ts';
import type { Page } from './page.ts';
import { firstRecord } from './page.ts';
import type { AnyService, HookedCall, ServiceData, ServiceId } from './service-shape.ts';
import type { ServiceEventName, ServiceListener, ServiceMethod } from './service-event.ts';
import { EVENT_OF, SERVICE_EVENTS, ServiceEvent } from './service-event.ts';
import type { ServiceParams } from './service-params.ts';
import type { SourceSite } from '../source-site.ts';
import { captureSite } from '../source-site.ts';
import { traceHook, traceMethod, traceSkippedMethod } from '../tracing/traced-service.ts';
import type { TraceScope } from '../tracing/tracer.ts';

/** A successful create, modify, update or remove, as providers publish it to their clients. */
export interface ServiceChange {
  /** `created`, `modified`, `updated` or `removed`. */
  eventName: ServiceEventName;
  /** The result, as the after-hooks left it. */
  result: unknown;
  /** The call's params, as the hooks left them (`params.publish` may filter who receives the change). */
  params: ServiceParams;
}

/** Receives every change of a hooked service. */
export type ChangeWatcher = (change: ServiceChange) => void;

const CHANGES: ReadonlySet<ServiceMethod> = new Set(['create', 'modify', 'update', 'remove']);

type Listener<S extends AnyService> = ServiceListener<ServiceId<S>, ServiceData<S>, S>;
type Phase = 'before' | 'after';
/** A listener as stored: loosely typed, so that a HookedService<MapService> is also a HookedService<AnyService>, with where it was registered. */
interface StoredListener {
  listener: (event: never) => unknown;
  site: SourceSite;
}

/**
 * A service's methods wrapped in before/after hooks: what `app.use` returns and every provider
 * (REST, WebSocket, GraphQL) calls. Calling a method here runs the hooks; calling `inner` directly does not.
 */
export class HookedService<S extends AnyService> {
  /** Lists records, running the `indexed` hooks. */
  readonly index = ((params?: ServiceParams) => this.call('index', { params })) as S['index'];
  /** Reads one record, running the `read` hooks. */
  readonly read = ((id: unknown, params?: ServiceParams) => this.call('read', { id, params })) as S['read'];
  /** Creates a record, running the `created` hooks. */
  readonly create = ((data: unknown, params?: ServiceParams) => this.call('create', { data, params })) as S['create'];
  /** Merges into a record, running the `modified` hooks. */
  readonly modify = ((id: unknown, data: unknown, params?: ServiceParams) => this.call('modify', { id, data, params })) as S['modify'];
  /** Replaces a record, running the `updated` hooks. */
  readonly update = ((id: unknown, data: unknown, params?: ServiceParams) => this.call('update', { id, data, params })) as S['update'];
  /** Removes a record, running the `removed` hooks. */
  readonly remove = ((id: unknown, params?: ServiceParams) => this.call('remove', { id, params })) as S['remove'];

  private readonly listeners: Record<Phase, Map<ServiceEventName, StoredListener[]>> = { before: new Map(), after: new Map() };
  private readonly watchers = new Set<ChangeWatcher>();

  /** Wraps `inner`. */
  constructor(
    /** The unhooked service. */
    readonly inner: S,
  ) {}

  /** Runs `listener` before the calls named by `events`; it may change `data`/`params` or cancel. */
  before(events: ServiceEventName | ServiceEventName[], listener: Listener<S>): this {
    return this.listen('before', events, listener);
  }

  /** Runs `listener` after the calls named by `events`; it may replace `result`. */
  after(events: ServiceEventName | ServiceEventName[], listener: Listener<S>): this {
    return this.listen('after', events, listener);
  }

  /** Runs `listener` before every call. */
  beforeAll(listener: Listener<S>): this {
    return this.listen('before', [...SERVICE_EVENTS], listener);
  }

  /** Runs `listener` after every call. */
  afterAll(listener: Listener<S>): this {
    return this.listen('after', [...SERVICE_EVENTS], listener);
  }

  /** The first record the hooked `index` finds; 404 with `message` when there is none. */
  async findOne(params?: ServiceParams, message = NO_RECORD_MATCHES): Promise<ServiceData<S>> {
    return firstRecord((await this.call('index', { params })) as ServiceData<S>[] | Page<ServiceData<S>>, message);
  }

  /** Hooked reads of every id, in parallel; the results come in the order of `ids`. */
  readMany(ids: ServiceId<S>[], params?: ServiceParams): Promise<ServiceData<S>[]> {
    return Promise.all(ids.map((id) => this.call('read', { id, params }) as Promise<ServiceData<S>>));
  }

  /** Calls `watcher` after every create, modify, update and remove that ran (after the after-hooks); returns a function that stops it. */
  watch(watcher: ChangeWatcher): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /** Closes the wrapped service. */
  close(): Promise<void> {
    return this.inner.close();
  }

  /** Runs one method with its hooks: before-listeners, the call (unless cancelled), after-listeners. */
  async call(method: ServiceMethod, call: HookedCall): Promise<unknown> {
    const eventName = EVENT_OF[method];
    const trace = call.request?.trace ?? null;
    const before = this.event(eventName, true, call, call.data, { ...call.params });
    // Awaited only when there are listeners: most calls have none for one phase or both.
    const beforeListeners = this.listeners.before.get(eventName);
    if (beforeListeners) await this.run('before', beforeListeners, before, trace);
    const after = this.event(eventName, false, call, before.data, before.params);
    if (before.cancelled) {
      after.result = before.result;
      if (trace) traceSkippedMethod(trace, method);
    } else {
      const result = trace
        ? await traceMethod(trace, method, () => this.invokeInner(method, call.id, before.data, before.params))
        : await this.invokeInner(method, call.id, before.data, before.params);
      after.result = result as typeof after.result;
    }
    const afterListeners = this.listeners.after.get(eventName);
    if (afterListeners) await this.run('after', afterListeners, after, trace);
    if (!before.cancelled && CHANGES.has(method)) {
      for (const watcher of this.watchers) watcher({ eventName, result: after.result, params: after.params });
    }
    return after.result;
  }

  private event(
    eventName: ServiceEventName,
    isBefore: boolean,
    call: HookedCall,
    data: unknown,
    params: ServiceParams,
  ): ServiceEvent<ServiceId<S>, ServiceData<S>, S> {
    return new ServiceEvent<ServiceId<S>, ServiceData<S>, S>(
      eventName,
      isBefore,
      (call.id ?? null) as ServiceId<S> | null,
      data as ServiceData<S> | undefined,
      params,
      call.request ?? null,
      call.response ?? null,
      this.inner,
    );
  }

  private invokeInner(method: ServiceMethod, id: unknown, data: unknown, params: ServiceParams): Promise<unknown> {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with fn.call(this.inner, …)
    const fn = this.inner[method] as (...args: unknown[]) => Promise<unknown>;
    switch (method) {
      case 'index':
        return fn.call(this.inner, params);
      case 'create':
        return fn.call(this.inner, data, params);
      case 'read':
      case 'remove':
        return fn.call(this.inner, id, params);
      default:
        return fn.call(this.inner, id, data, params);
    }
  }

  private async run(
    phase: Phase,
    listeners: StoredListener[],
    event: ServiceEvent<ServiceId<S>, ServiceData<S>, S>,
    trace: TraceScope | null,
  ): Promise<void> {
    for (const { listener, site } of listeners) {
      if (trace) await traceHook(trace, phase, event.eventName, listener, site, event);
      else await (listener as Listener<S>)(event);
      if (event.cancelled) return;
    }
  }

  private listen(phase: Phase, events: ServiceEventName | ServiceEventName[], listener: Listener<S>): this {
    const site = captureSite();
    for (const name of Array.isArray(events) ? events : [events]) {
      if (!SERVICE_EVENTS.includes(name)) throw new Error(`Invalid service event: ${name}. Use one of ${SERVICE_EVENTS.join(', ')}.`);
      const list = this.listeners[phase].get(name) ?? [];
      list.push({ listener, site });
      this.listeners[phase].set(name, list);
    }
    return this;
  }
}
