declare module 'virtual:halo-api' {
  const entries: import('./api-entry.ts').ApiEntry[];
  /** The `halo` module's API reference, made at build time by web/api/api-reference-plugin.ts. */
  export default entries;
}
