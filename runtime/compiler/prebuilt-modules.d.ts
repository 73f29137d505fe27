/** Ids of the programs the build compiled ahead (runtime/compiler/prebuilt-plugin.ts); empty in dev and tests. */
declare module 'virtual:halo-prebuilt' {
  const ids: string[];
  export default ids;
}
