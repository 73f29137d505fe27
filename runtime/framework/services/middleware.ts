import type { Handler } from '../handler.ts';
import { captureSite, noteMiddlewareSite } from '../source-site.ts';

const registry = new WeakMap<object, Handler[]>();

/** A standard (TC39) decorator for a service class or one of its methods. */
export type MiddlewareDecorator = (target: object, context: ClassDecoratorContext | ClassMethodDecoratorContext) => void;

/**
 * `@Middleware([...])` runs `handlers` before the REST routes of a service: on the class, before every
 * route; on a method, before that method's routes (class middleware first, then method middleware).
 * The decorator only records the handlers (keyed by the class or method function), so it needs
 * neither `Symbol.metadata` nor reflection, and esbuild compiles it like any standard decorator.
 * Class middleware is inherited by subclasses; an overriding method needs its own `@Middleware`.
 */
export function Middleware(handlers: Handler[]): MiddlewareDecorator {
  const site = captureSite();
  for (const handler of handlers) noteMiddlewareSite(handler, site);
  return (target) => {
    registry.set(target, [...(registry.get(target) ?? []), ...handlers]);
  };
}

/** Middleware of a service's class and its base classes, base classes first. */
export function classMiddleware(service: object): Handler[] {
  const chain: Handler[][] = [];
  for (
    let proto = Object.getPrototypeOf(service) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const own = registry.get((proto as { constructor: object }).constructor);
    if (own) chain.unshift(own);
  }
  return chain.flat();
}

/** Middleware decorating the method that `service[name]` resolves to. */
export function methodMiddleware(service: object, name: string): Handler[] {
  const method = (service as Record<string, unknown>)[name];
  return (typeof method === 'function' && registry.get(method)) || [];
}
