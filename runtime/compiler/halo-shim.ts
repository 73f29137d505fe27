import { HALO_GLOBAL } from '../contract/halo-global.ts';

/**
 * Source of the `halo` module a program is compiled against: named exports read from the framework
 * the server worker put on `globalThis`, so the program and AppHttp share one framework instance, and
 * importing a name `halo` does not export is a compile error rather than an `undefined` at run time.
 */
export function haloShim(names: readonly string[]): string {
  const bindings = names.map((name) => `export const ${name} = halo.${name};`).join('\n');
  return `const halo = globalThis.${HALO_GLOBAL};\n${bindings}\n`;
}
