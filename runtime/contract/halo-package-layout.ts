/** Where the installed `halo` package keeps the files its build writes for the course tools (runtime/build/halo-command-package.ts). */
export const HALO_PACKAGE_LAYOUT = {
  /** The API reference of the `halo` module, which a lesson's `api:` list is checked against (the package has no sources to read). */
  apiReference: 'api-reference.json',
  /** The prebuilt playground a course build copies and author mode serves. */
  app: 'app',
} as const;
