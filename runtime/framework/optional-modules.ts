/** The packages the framework imports on first use only, by name. */
export interface OptionalModules {
  pglite: typeof import('@electric-sql/pglite');
  graphql: typeof import('graphql');
}

/** Loads one optional package. */
export type OptionalModuleLoader = <Name extends keyof OptionalModules>(name: Name) => Promise<OptionalModules[Name]>;

const importPackage: OptionalModuleLoader = (name) =>
  (name === 'pglite' ? import('@electric-sql/pglite') : import('graphql')) as Promise<OptionalModules[typeof name]>;

let loader: OptionalModuleLoader = importPackage;

/**
 * Sets how the optional packages load: by default an `import()` of the package; a platform that cannot
 * import them (the playground's sandboxed server worker, whose build leaves them out) loads them its own way.
 */
export function setOptionalModuleLoader(load: OptionalModuleLoader): void {
  loader = load;
}

/** PGlite or graphql-js, loaded on first use. */
export function optionalModule<Name extends keyof OptionalModules>(name: Name): Promise<OptionalModules[Name]> {
  return loader(name);
}
