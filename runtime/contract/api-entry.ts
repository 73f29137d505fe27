/** One documented symbol of the `halo` module, as the playground's API reference shows it. */
export interface ApiEntry {
  /** `App`, `App.use`, `HttpException.badRequest`: what an `api:` link in a lesson names. */
  id: string;
  /** `class`, `interface`, `type`, `function`, `const`, `enum`, `method`, `property`, `constructor`. */
  kind: string;
  /** The declaration as TypeScript prints it, bodies left out. */
  signature: string;
  /** The TSDoc text (Markdown as written in the source). */
  doc: string;
  /** `@param name text` and other tags, in source order. */
  tags: { name: string; text: string }[];
  /** The owning top-level symbol of a member (`App` for `App.use`). */
  parent?: string;
  /** The class a class extends (`Router` for `App`): its members are the subclass's too. */
  base?: string;
}

/**
 * The entry an `api:` id names, following `extends` for members a class inherits (`App.use` is
 * `Router.use`); undefined when there is none.
 */
export function findApiEntry(entries: readonly ApiEntry[], id: string): ApiEntry | undefined {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let current: string | undefined = id;
  // Bounded: a class chain is short, and a cycle cannot be declared.
  for (let depth = 0; current && depth < 10; depth += 1) {
    const found = byId.get(current);
    if (found) return found;
    const dot = current.indexOf('.');
    if (dot === -1) return undefined;
    const base: string | undefined = byId.get(current.slice(0, dot))?.base;
    current = base && `${base}${current.slice(dot)}`;
  }
  return undefined;
}
