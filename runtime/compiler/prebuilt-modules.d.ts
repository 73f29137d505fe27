/** Ids of the programs the build compiled ahead (runtime/build/prebuilt-programs-plugin.ts); empty in dev and tests. */
declare module 'virtual:halo-prebuilt' {
  const ids: string[];
  export default ids;
}

/** The names the browser build of `halo` exports, read at build time (runtime/build/prebuilt-programs-plugin.ts). */
declare module 'virtual:halo-exports' {
  const names: string[];
  export default names;
}
