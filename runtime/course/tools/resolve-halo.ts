/**
 * `node --import tsx --import runtime/course/tools/resolve-halo.ts program.ts`: the program's `halo` imports
 * reach this repository's framework, even from a course folder outside it.
 */
import { register } from 'node:module';
import { PACKAGED } from './halo-home.ts';

register(PACKAGED ? './resolve-halo-hooks.js' : './resolve-halo-hooks.ts', import.meta.url);
