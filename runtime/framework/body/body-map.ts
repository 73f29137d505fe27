const handler: ProxyHandler<Record<string, unknown>> = {
  get(target, key, receiver) {
    // Own keys only: `toString`, `constructor` and the like read null unless the body sent them.
    if (typeof key === 'string' && !Object.hasOwn(target, key)) return null;
    return Reflect.get(target, key, receiver) as unknown;
  },
};

/** Wraps a parsed body object so that reading a missing (or merely inherited) key gives `null`, not `undefined`. */
export function bodyMap(values: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(values, handler);
}
