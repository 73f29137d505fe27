const handler: ProxyHandler<Record<string, unknown>> = {
  get(target, key, receiver) {
    if (typeof key === 'string' && !(key in target)) return null;
    return Reflect.get(target, key, receiver);
  },
};

/** Wraps a parsed body object so that reading a missing key gives `null` (as the spec says), not `undefined`. */
export function bodyMap(values: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(values, handler);
}
