/**
 * esbuild's target for the Node code the build packs (`halo`, its command, `create-halo`): the oldest Node that
 * package.json's `engines` admits (`^22.13.0 || >=24`), so no syntax is lowered for a Node no user may run.
 */
export const NODE_TARGET = 'node22.13';
