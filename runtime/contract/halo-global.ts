/** The global through which the server worker hands its framework build to the program (see runtime/compiler/halo-shim.ts). */
export const HALO_GLOBAL = '__halo';
