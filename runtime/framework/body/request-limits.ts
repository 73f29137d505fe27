/** How much structure a client may send in a body or a query string (App options of the same names). */
export interface RequestLimits {
  /** Deepest nesting of objects and lists in a JSON body or a bracket query key (`a[b][c]`). */
  readonly maxBodyDepth: number;
  /** Most `name=value` pairs in a query string or a urlencoded body. */
  readonly maxParameters: number;
  /** Highest list index a bracket query key may use (`a[99]`); larger indexes stay object keys. */
  readonly queryArrayLimit: number;
}

/**
 * The defaults: 64 levels is far beyond any real document yet far below what overflows a
 * serialiser's stack; 1000 parameters is qs's own default, and a list index up to 1000 (`$in[999]`) as the services always read.
 */
export const DEFAULT_LIMITS: RequestLimits = Object.freeze({ maxBodyDepth: 64, maxParameters: 1000, queryArrayLimit: 1000 });

/** The limits from an App's options: each given one must be a positive integer, the rest keep their defaults. */
export function resolveLimits(options: Partial<RequestLimits>): RequestLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(DEFAULT_LIMITS) as (keyof RequestLimits)[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`App option ${name} must be a positive integer, got ${String(value)}.`);
    limits[name] = value;
  }
  return Object.freeze(limits);
}
