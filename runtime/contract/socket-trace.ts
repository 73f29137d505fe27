/**
 * The event the playground dispatches on a page WebSocket to the program after each call the program
 * handled from it: a MessageEvent whose `data` is the call's trace in the `x-halo-trace` encoding. The
 * request panel's connections show it; any other page ignores it.
 */
export const SOCKET_TRACE_EVENT = 'halo-trace';
