import type { SourceSite } from '../source-site.ts';
import type { TraceScope } from './tracer.ts';

/** What a hook may change or cancel, as the hooked service's event holds it. */
interface HookEvent {
  data: unknown;
  params: unknown;
  result: unknown;
  cancelled: boolean;
}

/**
 * Runs `call` (a client's call of a hooked service method, through a provider) as a `service` step
 * named `todos.create`, with its id, `via` and query; its hooks and method nest inside it.
 */
export async function traceServiceCall<T>(
  scope: TraceScope,
  name: string,
  detail: Record<string, unknown>,
  call: () => Promise<T>,
): Promise<T> {
  const tracer = scope.tracer;
  const outer = scope.parent;
  const step = tracer.begin('service', name, outer, null, detail);
  scope.parent = step;
  try {
    const result = await call();
    tracer.end(step, 'done');
    return result;
  } catch (error) {
    tracer.threw(step, error);
    throw error;
  } finally {
    scope.parent = outer;
  }
}

/**
 * Runs one hook listener as a `hook` step (`before created`): `cancelled` when it cancelled,
 * `changed` (naming what) when it changed the data or params (before) or the result (after).
 */
export async function traceHook(
  scope: TraceScope,
  phase: 'before' | 'after',
  eventName: string,
  listener: (event: never) => unknown,
  site: SourceSite,
  event: HookEvent,
): Promise<void> {
  const tracer = scope.tracer;
  const watched = (): Record<string, string | undefined> =>
    phase === 'before' ? { data: snapshot(event.data), params: snapshot(event.params) } : { result: snapshot(event.result) };
  const before = watched();
  const step = tracer.begin('hook', `${phase} ${eventName}`, scope.parent, site, listener.name ? { listener: listener.name } : undefined);
  try {
    await listener(event as never);
  } catch (error) {
    tracer.threw(step, error);
    throw error;
  }
  const after = watched();
  const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
  if (event.cancelled) tracer.end(step, 'cancelled', changed.length > 0 ? { changed } : undefined);
  else tracer.end(step, changed.length > 0 ? 'changed' : 'done', changed.length > 0 ? { changed } : undefined);
}

/** Runs a service's own method (between its hooks) as a `method` step. */
export async function traceMethod<T>(scope: TraceScope, name: string, invoke: () => Promise<T>): Promise<T> {
  const step = scope.tracer.begin('method', name, scope.parent);
  try {
    const result = await invoke();
    scope.tracer.end(step, 'done');
    return result;
  } catch (error) {
    scope.tracer.threw(step, error);
    throw error;
  }
}

/** Records that a before-hook cancelled the call, so the service's method `name` never ran. */
export function traceSkippedMethod(scope: TraceScope, name: string): void {
  scope.tracer.end(scope.tracer.begin('method', name, scope.parent), 'skipped');
}

/** A value as JSON text to compare before and after a hook; undefined when JSON cannot hold it. */
function snapshot(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
