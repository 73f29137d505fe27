declare module 'virtual:halo-api' {
  const entries: import('../../runtime/contract/api-entry.ts').ApiEntry[];
  /** The `halo` module's API reference, made at build time by runtime/build/api-reference-plugin.ts. */
  export default entries;
}
