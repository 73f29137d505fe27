/**
 * `node --import runtime/course/tools/report-listening.ts program.ts`, for programs that serveProgram starts: tells the
 * parent, over the IPC channel serveProgram opens, each TCP port the program starts listening on (Node's
 * `net.server.listen` tracing channel: any server, Halo's AppHttp or the program's own). That a port answers proves
 * nothing of the program: another process may take the port between serveProgram finding it free and the program's
 * listen (seconds, while tsx starts on a busy machine), and its answers would pass for the program's.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Server } from 'node:net';

subscribe('tracing:net.server.listen:asyncEnd', (message) => {
  const address = (message as { server: Server }).server.address();
  if (address !== null && typeof address === 'object') process.send?.({ listening: address.port });
});
// The channel to the parent must not keep alive a program that has nothing else to do.
process.channel?.unref();
