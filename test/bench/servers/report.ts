import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tells the parent (over the IPC channel) which port the server listens on, then answers `cpu`
 * queries with this process's CPU time, so that CPU per request is measured inside the server itself.
 */
export function reportListening(server: Server): void {
  const port = (server.address() as AddressInfo).port;
  // A normal exit on SIGTERM lets `node --cpu-prof` write its profile when a server is profiled by hand.
  process.once('SIGTERM', () => process.exit(0));
  if (!process.send) {
    console.log(`listening on http://${BENCH_HOST}:${port}`);
    return;
  }
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system });
    }
  });
  process.send({ port });
}

/** Host every benchmark server binds to. */
export const BENCH_HOST = '127.0.0.1';

/** Port a server listens on: `BENCH_PORT` when set (server-process.ts, socket-instructions.ts), else a free one. */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 0);
